// The one list of connection-class failures lives in core, shared by every SQL adapter.
export { classifyConnectionFailure } from "@gatehouse-auth/core";
