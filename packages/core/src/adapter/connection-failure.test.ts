import { describe, expect, it } from "vitest";
import { classifyConnectionFailure } from "./connection-failure.js";

const err = (props: Record<string, unknown>, message = "x") => Object.assign(new Error(message), props);

describe("classifyConnectionFailure", () => {
  it.each([
    ["refused", err({ code: "ECONNREFUSED" }, "connect ECONNREFUSED 127.0.0.1:5432")],
    ["reset", err({ code: "ECONNRESET" })],
    ["timed out", err({ code: "ETIMEDOUT" })],
    ["broken pipe", err({ code: "EPIPE" })],
    ["unknown host", err({ code: "ENOTFOUND" })],
    ["pg admin shutdown", err({ code: "57P01" }, "terminating connection due to administrator command")],
    ["pg crash shutdown", err({ code: "57P02" })],
    ["pg starting up", err({ code: "57P03" }, "the database system is starting up")],
    ["pg connection exception class", err({ code: "08006" })],
    ["pg too many connections", err({ code: "53300" })],
    ["pg unexpected end", new Error("Connection terminated unexpectedly")],
    ["postgres.js closed", err({ code: "CONNECTION_CLOSED" }, "write CONNECTION_CLOSED 127.0.0.1:5432")],
    ["postgres.js connect timeout", err({ code: "CONNECT_TIMEOUT" }, "connect_timeout 127.0.0.1:5432")],
    ["postgres.js ended", err({ code: "CONNECTION_ENDED" })],
    ["pg connect timeout", new Error("Connection terminated due to connection timeout")],
    ["pg pool acquire timeout", new Error("timeout exceeded when trying to connect")],
    ["pg broken client reused", new Error("Client has encountered a connection error and is not queryable")],
    ["mysql lost", err({ code: "PROTOCOL_CONNECTION_LOST" })],
    ["mysql too many connections", err({ code: "ER_CON_COUNT_ERROR", errno: 1040 })],
    ["mysql shutting down", err({ code: "ER_SERVER_SHUTDOWN" })],
    ["mysql closed connection", new Error("Can't add new command when connection is in closed state")],
    [
      "both addresses of localhost refused",
      new AggregateError([err({ code: "ECONNREFUSED" }), err({ code: "ECONNREFUSED" })]),
    ],
    ["wrapped cause", new Error("query failed", { cause: err({ code: "ECONNRESET" }) })],
  ])("%s → unreachable", (_, error) => {
    expect(classifyConnectionFailure(error)).toBe("unreachable");
  });

  it.each([
    ["busy", err({ code: "SQLITE_BUSY" })],
    ["busy snapshot", err({ code: "SQLITE_BUSY_SNAPSHOT" })],
    ["locked", err({ code: "SQLITE_LOCKED" })],
  ])("SQLite %s → busy", (_, error) => {
    expect(classifyConnectionFailure(error)).toBe("busy");
  });

  // Bugs and bad data stay 500s: answering them 503 would make clients retry what can never work.
  it.each([
    ["pg syntax error", err({ code: "42601" }, 'syntax error at or near "frm"')],
    ["pg missing table", err({ code: "42P01" }, 'relation "user" does not exist')],
    ["pg unique violation", err({ code: "23505" })],
    ["pg auth failure", err({ code: "28P01" }, "password authentication failed")],
    ["mysql missing table", err({ code: "ER_NO_SUCH_TABLE", errno: 1146 })],
    ["mysql access denied", err({ code: "ER_ACCESS_DENIED_ERROR" })],
    ["sqlite constraint", err({ code: "SQLITE_CONSTRAINT_UNIQUE" })],
    ["sqlite missing table", err({ code: "SQLITE_ERROR" }, "no such table: user")],
    ["plain error", new TypeError("Cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
    ["null", null],
  ])("%s → null", (_, error) => {
    expect(classifyConnectionFailure(error)).toBeNull();
  });
});
