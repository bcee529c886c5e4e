// Local preferences (docs/behaviour.md#local-storage, player.*): quality and page-close behaviour; and the colour scheme
// (light, dark or the system's; ours, beyond the original client).
// Changes are emitted so the wiring writes them to local storage.
import { assign, emit, setup, type ActorRefFrom } from 'xstate';
import type { ColorSchemeSetting, PageCloseAction, Quality } from '@/shared/firstPageConstants';

export interface SettingsContext {
  quality: Quality;
  pageOnCloseAction: PageCloseAction;
  colorScheme: ColorSchemeSetting;
}

export type SettingsEvent =
  | { type: 'SET_QUALITY'; quality: Quality }
  | { type: 'SET_PAGE_CLOSE_ACTION'; action: PageCloseAction }
  | { type: 'SET_COLOR_SCHEME'; colorScheme: ColorSchemeSetting };

export type SettingsChangedEvent = { type: 'settingsChanged'; settings: SettingsContext };

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsContext,
    emitted: {} as SettingsChangedEvent,
  },
  actions: {
    setQuality: assign({
      quality: ({ context, event }) => (event.type === 'SET_QUALITY' ? event.quality : context.quality),
    }),
    setPageCloseAction: assign({
      pageOnCloseAction: ({ context, event }) =>
        event.type === 'SET_PAGE_CLOSE_ACTION' ? event.action : context.pageOnCloseAction,
    }),
    setColorScheme: assign({
      colorScheme: ({ context, event }) =>
        event.type === 'SET_COLOR_SCHEME' ? event.colorScheme : context.colorScheme,
    }),
    persist: emit(({ context }) => ({ type: 'settingsChanged' as const, settings: context })),
  },
}).createMachine({
  description: 'The 设置 tab: 音质偏好, 页面关闭行为 and 外观, kept in this browser.',
  id: 'settings',
  context: ({ input }) => input,
  on: {
    SET_QUALITY: { actions: ['setQuality', 'persist'] },
    SET_PAGE_CLOSE_ACTION: { actions: ['setPageCloseAction', 'persist'] },
    SET_COLOR_SCHEME: { actions: ['setColorScheme', 'persist'] },
  },
});

export type SettingsRef = ActorRefFrom<typeof settingsMachine>;
