import { formatMessage } from "./format-message.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import type { UiMessageKey } from "./ui-messages.js";

/**
 * The strings of `<AccountSettings>`'s two-factor, passkey and API-key sections, in English: part of the
 * one message catalogue (override any of them with `<GatehouseUI messages={{ ui: { twoFactorOn: "…" } }}>`),
 * kept in their own object so an app that renders only `<SignIn>` does not ship them.
 */
export const ACCOUNT_UI_MESSAGES = {
  twoFactorSectionTitle: "Two-step verification",
  twoFactorOn: "On: signing in asks for a code from your authenticator app.",
  twoFactorOff: "Off: add a code from an authenticator app to your sign-in.",
  twoFactorEnable: "Turn on two-step verification",
  twoFactorDisable: "Turn off…",
  twoFactorRegenerate: "New backup codes…",
  twoFactorPasswordTitle: "Confirm it's you",
  twoFactorPasswordIntro: "Enter your password to continue.",
  twoFactorFreshIntro: "Continue to set up two-step verification (you may need to sign in again first).",
  continue: "Continue",
  twoFactorScanTitle: "Scan the QR code",
  twoFactorScanIntro: "Scan it with your authenticator app, or type the key below, then enter the code the app shows.",
  twoFactorQrAlt: "QR code for your authenticator app (the setup key below holds the same information)",
  twoFactorQrLoading: "Drawing the QR code…",
  twoFactorSecret: "Setup key",
  twoFactorVerifyIntro: "Code from your authenticator app",
  twoFactorCodesTitle: "Save your backup codes",
  twoFactorCodesIntro:
    "Each code signs you in once if you lose your authenticator. They are shown only now: copy or download them.",
  twoFactorCodesList: "Backup codes",
  copyCodes: "Copy codes",
  downloadCodes: "Download codes",
  copied: "Copied.",
  copyFailed: "Copying isn't allowed here: select the text and copy it.",
  twoFactorDone: "I saved them",
  twoFactorEnabled: "Two-step verification is on.",
  twoFactorDisableTitle: "Turn off two-step verification?",
  twoFactorDisableIntro: "Signing in will ask only for your password. Enter it to confirm.",
  twoFactorDisableNoPassword: "Signing in will no longer ask for a code.",
  twoFactorDisableSubmit: "Turn off",
  twoFactorDisabled: "Two-step verification is off.",
  twoFactorRegenerateTitle: "Replace your backup codes?",
  twoFactorRegenerateIntro: "Your old backup codes stop working. Enter your password to confirm.",
  twoFactorRegenerateNoPassword: "Your old backup codes stop working.",
  twoFactorRegenerateSubmit: "Make new codes",
  passkeysTitle: "Passkeys",
  passkeysIntro: "Sign in with your fingerprint, face or device lock instead of a password.",
  noPasskeys: "No passkeys yet.",
  passkeyUnnamed: "Passkey",
  passkeyCreated: "Added {date}",
  passkeyName: "Name (optional)",
  passkeyNameHint: "Like “Work laptop”, to tell your passkeys apart.",
  addPasskey: "Add a passkey",
  passkeyAdded: "{name} is added.",
  passkeyCancelled: "The passkey prompt was cancelled or timed out. Nothing was added.",
  passkeyNotSupported: "This browser doesn't support passkeys.",
  passkeyAlreadyRegistered: "This device already has a passkey for your account.",
  renamePasskey: "Rename",
  renamePasskeyOf: "Rename {name}",
  newPasskeyName: "New name for {name}",
  savePasskeyName: "Save",
  passkeyRenamed: "Renamed to {name}.",
  removePasskey: "Remove",
  removePasskeyOf: "Remove {name}",
  removePasskeyConfirm: "Remove {name}? You can't sign in with it any more.",
  passkeyRemoved: "{name} is removed.",
  showMore: "Show more",
  apiKeysTitle: "API keys",
  apiKeysIntro: "Keys let your scripts and servers call the API as you. Keep them secret.",
  noApiKeys: "No API keys yet.",
  apiKeyName: "Name",
  apiKeyExpiry: "Expires",
  apiKeyExpiryNever: "Never",
  apiKeyExpiryDays: "In {days} days",
  createApiKey: "Create key",
  apiKeyCreatedTitle: "Copy your new key",
  apiKeyCreatedIntro: "This is the only time {name} is shown. Store it somewhere safe.",
  apiKeyValue: "API key",
  copyKey: "Copy key",
  apiKeyDone: "Done",
  apiKeyDetails: "{start}… · created {created}",
  apiKeyExpires: "expires {date}",
  apiKeyNoExpiry: "never expires",
  deleteApiKey: "Delete",
  deleteApiKeyOf: "Delete {name}",
  deleteApiKeyConfirm: "Delete {name}? Anything using it stops working.",
  apiKeyDeleted: "{name} is deleted.",
  apiKeyUnnamed: "Unnamed key",
  stepUpTitle: "Confirm it's you",
  stepUpPassword: "For your security, enter your password to continue.",
  stepUpPasskeyOnly: "For your security, confirm with your passkey to continue.",
  stepUpConfirm: "Confirm",
  stepUpPasskey: "Confirm with a passkey",
  stepUpNoMethod: "For your security, sign out and sign in again before doing this.",
} as const;

export type AccountMessageKey = keyof typeof ACCOUNT_UI_MESSAGES;

/** `t` for these strings: the app's override when it gave one, else the English default. */
export function useAccountText(): (key: AccountMessageKey, params?: Record<string, string | number>) => string {
  const { t } = useGatehouseUI();
  return (key, params) => {
    const given = t(key as unknown as UiMessageKey, params);
    return given === key ? formatMessage(ACCOUNT_UI_MESSAGES[key], params) : given;
  };
}
