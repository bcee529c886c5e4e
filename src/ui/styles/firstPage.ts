// Mantine styles for the first page, per component and inside the `mantine` CSS layer so that
// the styles lazy pages bring later cannot reorder them (mantine.dev/styles/css-files-list).
// Mantine's default CSS variables are not among them: MantineProvider writes all of them
// (deduplicateCssVariables off, app/App.tsx), which is 4 kB gzip less on the first page; the
// page's colours before that are in schemeColors.css. Alert's sheet comes with the forms and pages
// that show one (none is on the first page)
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import './schemeColors.css';
