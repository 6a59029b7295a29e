/** @type {import("next").NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native module: Node loads it at run time instead of the bundler copying it.
  serverExternalPackages: ["better-sqlite3"],
};

export default nextConfig;
