import { AuthError, EndpointResponse, defineEndpoint } from "@gatehouse-auth/core";
import { DASHBOARD_ERRORS } from "../dashboard-errors.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import type { DashboardBuild } from "../load-dashboard-build.js";

/**
 * GET {path}/assets/:file: one file of the built app, found by exact name in the allow-list read from
 * the assets folder — the name never reaches the file system, so no path can escape it. Names are
 * content-hashed, hence cached for good. Public: the app's code holds no data.
 */
export const dashboardAsset = (o: ResolvedDashboardOptions, loadBuild: () => Promise<DashboardBuild | null>) =>
  defineEndpoint(
    {
      method: "GET",
      path: `${o.path}/assets/:file`,
      openapi: {
        summary: "Admin dashboard asset",
        description: "A content-hashed script, style sheet or image of the dashboard's browser app.",
        kind: "html",
        errors: [DASHBOARD_ERRORS.DASHBOARD_ASSET_NOT_FOUND, DASHBOARD_ERRORS.DASHBOARD_ASSETS_NOT_BUILT],
      },
    },
    async (ctx) => {
      const build = await loadBuild();
      if (!build) throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_ASSETS_NOT_BUILT);
      const name = ctx.params.file ?? "";
      const asset = Object.hasOwn(ctx.params, "file") ? build.assets.get(name) : undefined;
      if (!asset) throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_ASSET_NOT_FOUND);
      return new EndpointResponse(200, asset.body, {
        "content-type": asset.contentType,
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      });
    },
  );
