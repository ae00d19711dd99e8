/** How shared code moves to another route: the active layout installs its router's navigate. */
let navigateImpl: (path: string) => void = (path) => window.location.assign(path);

export function setNavigator(navigate: (path: string) => void) {
  navigateImpl = navigate;
}
export function navigateTo(path: string) {
  navigateImpl(path);
}
