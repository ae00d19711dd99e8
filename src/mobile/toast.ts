/**
 * antd-mobile's Toast, fetched the first time one shows: its pop-up and animation code (react-spring, the mask) is
 * not needed to draw the login form, and the screens after it load it anyway.
 */
export function showToast(icon: 'fail' | 'success', content: string): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => {
    Toast.show({ icon, content });
  });
}
