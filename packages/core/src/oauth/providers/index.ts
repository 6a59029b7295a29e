import type { OAuthProvider, ProviderConfig } from "../oauth-provider.js";
import { apple } from "./apple.js";
import { github } from "./github.js";
import { gitlab } from "./gitlab.js";
import { google } from "./google.js";
import { linkedin } from "./linkedin.js";
import { microsoft } from "./microsoft.js";
import { twitch } from "./twitch.js";
import { discord } from "./discord.js";
import { facebook } from "./facebook.js";
import { huggingface } from "./huggingface.js";
import { spotify } from "./spotify.js";
import { twitter } from "./twitter.js";
import { dropbox } from "./dropbox.js";
import { kick } from "./kick.js";
import { tiktok } from "./tiktok.js";
import { reddit } from "./reddit.js";
import { roblox } from "./roblox.js";
import { zoom } from "./zoom.js";
import { vk } from "./vk.js";
import { atlassian } from "./atlassian.js";
import { cognito } from "./cognito.js";
import { figma } from "./figma.js";
import { kakao } from "./kakao.js";
import { line } from "./line.js";
import { linear } from "./linear.js";
import { naver } from "./naver.js";
import { notion } from "./notion.js";
import { paypal } from "./paypal.js";
import { polar } from "./polar.js";
import { railway } from "./railway.js";
import { salesforce } from "./salesforce.js";
import { slack } from "./slack.js";
import { vercel } from "./vercel.js";
import { wechat } from "./wechat.js";

/**
 * Built-in providers by id. A `socialProviders` key that is not listed here is a generic OAuth2/OIDC
 * provider (see generic-oauth.ts) and needs `discoveryUrl` or `endpoints`.
 */
export const BUILT_IN_PROVIDERS: Record<string, (config: ProviderConfig) => OAuthProvider> = {
  apple,
  github,
  gitlab,
  google,
  linkedin,
  microsoft,
  twitch,
  discord,
  facebook,
  huggingface,
  spotify,
  twitter,
  dropbox,
  kick,
  tiktok,
  reddit,
  roblox,
  zoom,
  vk,
  atlassian,
  cognito,
  figma,
  kakao,
  line,
  linear,
  naver,
  notion,
  paypal,
  polar,
  railway,
  salesforce,
  slack,
  vercel,
  wechat,
};
