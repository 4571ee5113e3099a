/** Leaves the studio for another address in this tab (a provider's sign-in when popups are blocked). */
export function leavePageFor(path: string): void {
  window.location.assign(path);
}
