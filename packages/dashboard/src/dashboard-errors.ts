import { defineErrors } from "@gatehouse-auth/core";

/**
 * The dashboard plugin's error catalogue; it owns status and message. Codes are prefixed: they must not
 * clash with the other installed plugins' catalogues (organization's ORGANIZATION_NOT_FOUND, …).
 */
export const DASHBOARD_ERRORS = defineErrors({
  DASHBOARD_NOT_ALLOWED: { status: 403, message: "You are not allowed to use the dashboard" },
  DASHBOARD_PERMISSION_DENIED: { status: 403, message: "Your role does not grant this dashboard action" },
  DASHBOARD_NOT_ALLOWED_WHILE_IMPERSONATING: {
    status: 403,
    message: "The dashboard is not available while impersonating a user; stop impersonating first",
  },
  DASHBOARD_FEATURE_NOT_INSTALLED: { status: 404, message: "The plugin this page needs is not installed" },
  DASHBOARD_ORGANIZATION_NOT_FOUND: { status: 404, message: "Organization not found" },
  DASHBOARD_API_KEY_NOT_FOUND: { status: 404, message: "API key not found" },
  DASHBOARD_ASSET_NOT_FOUND: { status: 404, message: "Dashboard asset not found" },
  DASHBOARD_ASSETS_NOT_BUILT: {
    status: 503,
    message: "Dashboard assets not built: run `pnpm build` in @gatehouse-auth/dashboard",
  },
});
