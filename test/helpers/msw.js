// One msw server per test file. Unhandled requests are errors, so no test reaches the network.
import { setupServer } from "msw/node";

export { http, HttpResponse, delay } from "msw";

export const server = setupServer();

/** Starts intercepting for a uvu suite and resets handlers between its tests. */
export function useServer(suite) {
	suite.before(() => server.listen({ onUnhandledRequest: "error" }));
	suite.after.each(() => server.resetHandlers());
	suite.after(() => server.close());
}
