/** What happens after a successful sign-in (or sign-up that signs in). */
export interface AfterSignIn {
  /** A path of the app to go to (full page load). */
  redirectTo?: string;
  /** Called instead of navigating (client-side routers: `router.push`). */
  onSignedIn?: () => void | Promise<void>;
}

/** Runs `onSignedIn`, or navigates to `redirectTo`; with neither, the session store's update re-renders the app. */
export async function finishSignIn({ redirectTo, onSignedIn }: AfterSignIn): Promise<void> {
  if (onSignedIn) return onSignedIn();
  if (redirectTo && typeof window !== "undefined") window.location.assign(redirectTo);
}
