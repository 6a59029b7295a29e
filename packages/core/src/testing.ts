/** @gatehouse-auth/core/testing — helpers for testing Gatehouse apps, plugins and adapters. */
export { createTestClient } from "./testing/test-client.js";
export type { TestClient, TestRequestOptions, TestResponse } from "./testing/test-client.js";
export { makeTestAuth, signUpUser } from "./testing/make-test-auth.js";
export { browserFetch, cheapPasswordHasher } from "./testing/browser-fetch.js";
export { startFakeOAuthServer } from "./testing/fake-oauth-server.js";
export type { FakeOAuthServer, FakeReply, FakeRequest, FakeRoute } from "./testing/fake-oauth-server.js";
export { startTcpProxy } from "./testing/tcp-proxy.js";
export type { TcpProxy } from "./testing/tcp-proxy.js";
export { recordingLogger } from "./testing/recording-logger.js";
