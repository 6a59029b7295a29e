import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Dashboard } from "./Dashboard.js";
import "./dashboard.css";

// The server's page names the paths in meta tags (no inline script: its CSP forbids one).
const meta = (name: string, fallback: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || fallback;

// The page's own styles (margin, background), kept off any page that embeds <Dashboard>.
document.body.classList.add("gh-dash-page");

let root = document.getElementById("root");
if (!root) {
  root = document.createElement("div");
  root.id = "root";
  document.body.append(root);
}

createRoot(root).render(
  <StrictMode>
    <Dashboard
      basePath={meta("gatehouse-base-path", "/api/auth")}
      dashboardPath={meta("gatehouse-dashboard-path", "/dashboard")}
    />
  </StrictMode>,
);
