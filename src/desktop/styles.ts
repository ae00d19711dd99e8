/**
 * The console's own CSS. It ships inside the desktop chunk (not a .css asset) so a phone's precache never holds it.
 * Colours that depend on the theme come from antd tokens (`--ant-*` variables) or inline theme styles.
 */
import { TOUCH_POINTER, TOUCH_TARGET } from './components/use-media-query.ts';

export const desktopCss = `
.tenon-app { height: 100%; }
.tenon-loading { display: flex; align-items: center; justify-content: center; padding: 48px 0; }
.tenon-loading-full { height: 100vh; }

.tenon-shell { min-height: 100vh; }
.tenon-sider { position: sticky !important; top: 0; height: 100vh; }
.tenon-sider .ant-layout-sider-children { display: flex; flex-direction: column; }
.tenon-sider-scroll { flex: 1; min-height: 0; overflow: auto; scrollbar-width: thin; }
.tenon-logo { display: flex; align-items: center; gap: 10px; height: 56px; padding: 0 18px; font-size: 17px; font-weight: 600;
  white-space: nowrap; overflow: hidden; text-decoration: none; }
.tenon-logo:hover { color: inherit; opacity: .9; }
.tenon-sider .ant-layout-sider-collapsed .tenon-logo, .ant-layout-sider-collapsed .tenon-logo { justify-content: center; padding: 0; }
.tenon-side-menu { border-inline-end: none !important; background: transparent !important; }
.tenon-main { min-width: 0; }
.tenon-header { display: flex; align-items: center; box-shadow: 0 1px 4px rgba(0,21,41,.08); position: relative; z-index: 2; line-height: normal; }
.tenon-topbar { display: flex; align-items: center; width: 100%; gap: 4px; min-width: 0; }
.tenon-topbar-right { display: flex; align-items: center; gap: 2px; margin-left: auto; }
.tenon-header .tenon-top-item, .tenon-header .tenon-top-item.ant-btn { color: inherit; }
.tenon-top-item.ant-btn { width: 36px; height: 36px; }
.tenon-top-icon { font-size: 16px; color: inherit; }
.tenon-header .ant-badge { color: inherit; }
.tenon-color { display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; }
.tenon-color-swatch { display: inline-flex; align-items: center; justify-content: center; width: 24px; height: 24px;
  padding: 3px; border: 1px solid rgba(127,127,127,.35); border-radius: 4px; background: #fff; cursor: pointer; }
.tenon-color-swatch > span { width: 100%; height: 100%; border-radius: 2px; }
@media ${TOUCH_POINTER} {
  .tenon-top-item.ant-btn, .tenon-color, .tenon-color .ant-color-picker-trigger, .tenon-color-swatch { width: ${TOUCH_TARGET}px; height: ${TOUCH_TARGET}px; }
  .tenon-color .ant-color-picker-trigger { align-items: center; }
  .tenon-color .ant-color-picker-color-block { width: 28px; height: 28px; }
}
.tenon-top-menu { flex: 0 1 auto; min-width: 0; background: transparent; border-bottom: none; line-height: 54px; color: inherit; }
.tenon-search-trigger { display: inline-flex; align-items: center; gap: 8px; height: 32px; min-width: 180px; padding: 0 12px;
  border: 1px solid rgba(127,127,127,.3); border-radius: 16px; background: rgba(127,127,127,.06); color: inherit; opacity: .85;
  cursor: pointer; font: inherit; font-size: 13px; margin-right: 6px; }
.tenon-search-trigger:hover { opacity: 1; border-color: var(--ant-color-primary); }
.tenon-search-results { max-height: 50vh; overflow: auto; margin-top: 8px; }
.tenon-search-item { display: flex; justify-content: space-between; gap: 12px; padding: 8px 12px; border-radius: 6px; cursor: pointer; }
.tenon-search-item.is-active { background: var(--ant-color-primary-bg); }
.tenon-search-name { font-weight: 500; }
.tenon-search-also { margin-left: 8px; font-weight: 400; color: var(--ant-color-text-secondary); }
.tenon-search-mark { padding: 0; background: none; color: var(--ant-color-primary); font-weight: 600; }
.tenon-search-trail { color: var(--ant-color-text-tertiary); font-size: 12px; }
.tenon-search-hint { margin-top: 8px; color: var(--ant-color-text-tertiary); font-size: 12px; }
.tenon-clock { display: flex; flex-direction: column; align-items: flex-end; line-height: 1.25; margin: 0 8px; font-size: 12px; }
.tenon-clock-tenant { font-weight: 600; font-size: 13px; max-width: 200px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tenon-clock-time { opacity: .75; font-variant-numeric: tabular-nums; }
.tenon-user { display: inline-flex; align-items: center; gap: 8px; height: 40px; padding: 0 8px; border: none; background: none;
  color: inherit; cursor: pointer; font: inherit; border-radius: 6px; }
.tenon-user:hover { background: rgba(127,127,127,.12); }
.tenon-user-name { max-width: 120px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }

.tenon-tabbar { padding: 4px 12px 0; border-bottom: 1px solid var(--ant-color-border-secondary); }
.tenon-tabbar .ant-tabs-nav { margin: 0; }
.tenon-tabbar .ant-tabs-nav::before { border-bottom: none; }
.tenon-tab-label { display: inline-block; user-select: none; }
.tenon-tab-list { background: var(--ant-color-bg-elevated); border-radius: 8px; box-shadow: var(--ant-box-shadow-secondary); padding: 8px; width: 240px; }
.tenon-tab-list .ant-dropdown-menu { box-shadow: none; padding: 4px 0 0; max-height: 50vh; overflow: auto; }
.tenon-content { padding: 16px; min-width: 0; }
.tenon-page { min-height: 100%; }
.tenon-iframe { width: 100%; height: calc(100vh - 56px - 45px - 32px); border: none; background: #fff; border-radius: 8px; }

/* A long form scrolls inside its dialog, whose title and 保存 stay on screen (a tablet's or a laptop's height):
   the dialog ends 24 px above the window's bottom, as antd's top of 100 px leaves it. */
.ant-modal .ant-modal-container { display: flex; flex-direction: column; max-height: calc(100vh - 124px); }
.ant-modal-centered .ant-modal .ant-modal-container { max-height: calc(100vh - 48px); }
.ant-modal .ant-modal-body { flex: 1 1 auto; min-height: 0; overflow-y: auto; }

.tenon-drawer-footer { display: flex; justify-content: flex-end; width: 100%; }
.tenon-drawer-spin { display: block; margin: 32px auto; }
.tenon-message-list { list-style: none; margin: 0; padding: 0; }
.tenon-message-list li { border-bottom: 1px solid var(--ant-color-border-secondary); }
.tenon-message-list button { display: flex; flex-direction: column; gap: 4px; width: 100%; padding: 12px 4px 12px 16px; border: none;
  background: none; text-align: left; cursor: pointer; font: inherit; color: var(--ant-color-text); position: relative; }
.tenon-message-list button:hover { background: var(--ant-color-fill-tertiary); }
.tenon-message-list .is-unread button::before { content: ''; position: absolute; left: 4px; top: 19px; width: 6px; height: 6px;
  border-radius: 50%; background: var(--ant-color-error); }
.tenon-message-list li:not(.is-unread) .tenon-message-title { font-weight: 400; color: var(--ant-color-text-secondary); }
.tenon-message-title { font-weight: 600; }
.tenon-message-content { color: var(--ant-color-text-secondary); font-size: 13px; white-space: pre-wrap; word-break: break-word; }
.tenon-message-time { color: var(--ant-color-text-tertiary); font-size: 12px; }
.tenon-message-more { padding: 12px 0; color: var(--ant-color-text-tertiary); font-size: 12px; text-align: center; }

.tenon-rich-text { border: 1px solid var(--ant-color-border); border-radius: 6px; }
.tenon-rich-text-toolbar { padding: 4px 6px; border-bottom: 1px solid var(--ant-color-border-secondary); width: 100%; }
.tenon-rich-text.is-disabled { background: var(--ant-color-bg-container-disabled); }
.tenon-rich-text-body .tiptap { min-height: 220px; max-height: 460px; overflow: auto; padding: 8px 12px; outline: none; }
.tenon-rich-text-body .tiptap p { margin: 0 0 8px; }
.tenon-html img, .tenon-rich-text-body img { max-width: 100%; }
.tenon-html table { border-collapse: collapse; }
.tenon-html td, .tenon-html th { border: 1px solid var(--ant-color-border); padding: 4px 8px; }
.tenon-notice-meta { color: var(--ant-color-text-tertiary); font-size: 12px; margin-bottom: 12px; }
.tenon-notice-list li.is-unread .tenon-notice-title::before { content: ''; display: inline-block; width: 6px; height: 6px;
  border-radius: 50%; background: var(--ant-color-error); margin-right: 6px; vertical-align: middle; }
.tenon-notice { width: 320px; }
.tenon-home-figures, .tenon-home-notices { margin-top: 16px; }
.tenon-notice-list { list-style: none; margin: 0; padding: 0; }
.tenon-notice-list li { border-bottom: 1px solid var(--ant-color-border-secondary); }
.tenon-notice-list button { width: 100%; display: flex; flex-direction: column; gap: 2px; padding: 8px 4px; border: 0;
  background: transparent; text-align: left; cursor: pointer; color: inherit; }
.tenon-notice-list button:hover:not(:disabled) { background: var(--ant-color-fill-tertiary); }
.tenon-notice-list button:disabled { cursor: default; }
.tenon-notice-more { font-size: 12px; color: var(--ant-color-text-tertiary); padding-top: 6px; text-align: right; }
.tenon-notice-title { font-size: 13px; }
.tenon-notice-time { font-size: 12px; color: var(--ant-color-text-tertiary); }

.tenon-theme-grid { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; }
.tenon-theme-card { display: flex; flex-direction: column; gap: 6px; padding: 6px; border: 2px solid transparent; border-radius: 8px;
  background: none; cursor: pointer; font: inherit; color: var(--ant-color-text); }
.tenon-theme-card:hover { border-color: var(--ant-color-primary-border); }
.tenon-theme-card.is-active { border-color: var(--ant-color-primary); }
.tenon-theme-preview { position: relative; display: block; height: 64px; border-radius: 4px; overflow: hidden;
  box-shadow: inset 0 0 0 1px rgba(0,0,0,.08); }
.tenon-theme-preview-sider { position: absolute; left: 0; top: 0; bottom: 0; width: 28%; }
.tenon-theme-preview-header { position: absolute; left: 28%; right: 0; top: 0; height: 22%; box-shadow: 0 1px 2px rgba(0,0,0,.1); }
.tenon-theme-check { position: absolute; right: 6px; bottom: 6px; color: var(--ant-color-primary); font-size: 16px; }
.tenon-theme-name { font-size: 13px; text-align: center; }
.tenon-log-cell { margin: 0 !important; font-size: 12px; word-break: break-all; white-space: pre-wrap; }

.tenon-login { min-height: 100vh; display: flex; align-items: center; justify-content: center; position: relative;
  background: linear-gradient(135deg, #1f2d3d 0%, #2b4162 50%, #385f71 100%); padding: 24px; }
.tenon-login-language.ant-btn { position: absolute; top: 16px; right: 16px; color: #fff; }
/* The login is outside antd's App (no theme variables there): antd's default light colours. */
.tenon-login-card { width: 380px; max-width: 100%; padding: 32px 24px 16px; border-radius: 8px; background: #fff;
  box-shadow: 0 12px 40px rgba(0,0,0,.25); }
.tenon-login-head { display: flex; flex-direction: column; align-items: center; gap: 4px; margin-bottom: 24px; }
.tenon-login-title { margin: 8px 0 0; font-size: 24px; font-weight: 600; line-height: 1.35; color: rgba(0,0,0,.88); }
.tenon-login-tenant { color: rgba(0,0,0,.45); }
.tenon-login-social { display: flex; flex-direction: column; gap: 8px; margin-top: 16px; }
.tenon-login-social-title { text-align: center; color: rgba(0,0,0,.45); }
.tenon-login-error { min-height: 24px; line-height: 22px; padding-top: 2px; font-size: 14px; color: #ff4d4f; }
.tenon-demo { margin-top: 16px; padding-top: 12px; border-top: 1px solid #f0f0f0; font-size: 13px; }
.tenon-demo-title { color: rgba(0,0,0,.45); margin-bottom: 6px; }
.tenon-demo-list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 4px; }
.tenon-demo-account { width: 100%; display: flex; justify-content: space-between; gap: 6px; padding: 2px 6px;
  border: 0; border-radius: 4px; background: transparent; cursor: pointer; color: rgba(0,0,0,.88); text-align: left; }
.tenon-demo-account:hover { background: #f5f5f5; }
.tenon-demo-account code { color: rgba(0,0,0,.45); font-size: 12px; }
.tenon-captcha { height: 32px; cursor: pointer; border-radius: 4px; }
.tenon-lock-logout { margin-top: 8px; }
.tenon-error-page { min-height: 100vh; display: flex; align-items: center; justify-content: center; }

.tenon-home { display: flex; flex-direction: column; gap: 16px; }
.tenon-home-hello .ant-typography { margin-bottom: 4px; }
.tenon-home-section.ant-typography { margin: 8px 0 0; }
.tenon-home-group { display: inline-flex; align-items: center; gap: 8px; }
.tenon-home-links { display: flex; flex-wrap: wrap; gap: 8px; }
.tenon-home-link { padding: 4px 12px; border-radius: 14px; border: 1px solid var(--ant-color-border); background: var(--ant-color-bg-container);
  color: var(--ant-color-text); cursor: pointer; font: inherit; font-size: 13px; }
.tenon-home-link:hover { color: var(--ant-color-primary); border-color: var(--ant-color-primary); }
`;
