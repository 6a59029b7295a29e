/**
 * @gatehouse-auth/react-ui — drop-in, accessible React components for Gatehouse: wrap the app in
 * `<GatehouseUI client={client}>`, render `<SignIn />`. Server-safe: nothing touches `window` at import
 * or during render. See docs/react-ui.md.
 */
export { GatehouseUI, useGatehouseUI } from "./gatehouse-ui.js";
export type { GatehouseUIProps, Messages, Theme, UiClient, UiUser } from "./gatehouse-ui.js";
export { SignIn } from "./sign-in.js";
export type { SignInProps } from "./sign-in.js";
export { SignUp } from "./sign-up.js";
export type { SignUpProps } from "./sign-up.js";
export { ForgotPassword } from "./forgot-password.js";
export type { ForgotPasswordProps } from "./forgot-password.js";
export { ResetPassword } from "./reset-password.js";
export type { ResetPasswordProps } from "./reset-password.js";
export { VerifyEmail } from "./verify-email.js";
export type { VerifyEmailProps } from "./verify-email.js";
export { RequireRole, SignedIn, SignedOut } from "./guards.js";
export { UserButton } from "./user-button.js";
export type { UserButtonProps } from "./user-button.js";
export { AccountSettings } from "./account-settings.js";
export type { AccountSettingsProps } from "./account-settings.js";
export { OrganizationSwitcher } from "./organization-switcher.js";
export type { OrganizationSwitcherProps } from "./organization-switcher.js";
export { OrganizationSettings } from "./organization-settings.js";
export type { OrganizationSettingsProps } from "./organization-settings.js";
export { AcceptInvitation } from "./accept-invitation.js";
export type { AcceptInvitationProps } from "./accept-invitation.js";
export { ORGANIZATION_UI_MESSAGES } from "./organization-messages.js";
export type { OrganizationMessageKey } from "./organization-messages.js";
export type { ActiveOrganization } from "./use-organization.js";
export { useCapabilities } from "./capabilities.js";
export type { Capabilities } from "./capabilities.js";
export type { AfterSignIn } from "./finish-sign-in.js";
export { ERROR_MESSAGES } from "./error-messages.js";
export { UI_MESSAGES } from "./ui-messages.js";
export type { UiMessageKey } from "./ui-messages.js";
export { GATEHOUSE_UI_CSS } from "./styles.js";
