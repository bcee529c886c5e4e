import { providedContext } from '@/ui/providedContext';
import type { SettingsRef } from './settingsMachine';

export const [SettingsProvider, useSettings] = providedContext<SettingsRef>('Settings');
