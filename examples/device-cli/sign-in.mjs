#!/usr/bin/env node
// A command-line tool signing in through a Gatehouse provider with the device authorization grant
// (RFC 8628), with nothing but Node's fetch:
//
//   node examples/device-cli/sign-in.mjs https://id.example.com/api/auth my-cli [client-secret]
//
// It prints where to go and which code to confirm, polls the token endpoint as RFC 8628 §3.5 says
// (waiting `interval`, 5 s more after each slow_down), then prints who signed in.

const [issuer, clientId, clientSecret] = process.argv.slice(2);
if (!issuer || !clientId) {
  console.error("usage: sign-in.mjs <issuer> <client_id> [client_secret]");
  process.exit(2);
}

const form = (fields) => {
  const headers = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  const body = new URLSearchParams(fields);
  if (clientSecret) {
    const id = encodeURIComponent(clientId);
    headers.authorization = `Basic ${Buffer.from(`${id}:${encodeURIComponent(clientSecret)}`).toString("base64")}`;
  } else body.set("client_id", clientId);
  return { method: "POST", headers, body };
};

// OIDC Discovery: the endpoints come from the issuer's metadata, never guessed.
const meta = await (await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`)).json();
if (meta.issuer !== issuer.replace(/\/$/, "")) throw new Error(`issuer mismatch: ${meta.issuer}`);
const started = await fetch(meta.device_authorization_endpoint, form({ scope: "openid profile email" }));
const device = await started.json();
if (!started.ok) throw new Error(`device authorization refused: ${device.error}`);

console.log(`Open ${device.verification_uri_complete ?? device.verification_uri}`);
console.log(`and confirm the code ${device.user_code}`);

let interval = device.interval ?? 5;
const deadline = Date.now() + device.expires_in * 1000;
while (Date.now() < deadline) {
  await new Promise((done) => setTimeout(done, interval * 1000));
  const r = await fetch(
    meta.token_endpoint,
    form({ grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: device.device_code }),
  );
  const answer = await r.json();
  if (r.ok) {
    const me = await (
      await fetch(meta.userinfo_endpoint, { headers: { authorization: `Bearer ${answer.access_token}` } })
    ).json();
    console.log(`Signed in as ${me.email ?? me.sub}`);
    process.exit(0);
  }
  if (answer.error === "slow_down") interval += 5;
  else if (answer.error !== "authorization_pending") {
    console.error(`Sign-in failed: ${answer.error}`);
    process.exit(1);
  }
}
console.error("Sign-in failed: the code expired");
process.exit(1);
