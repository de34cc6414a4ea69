// One msw server per test file. Unhandled requests are errors, so no test reaches the network.
import { setupServer } from "msw/node";
import { http, HttpResponse } from "msw";

export { http, HttpResponse, delay } from "msw";

export const server = setupServer();

/** Starts intercepting for a uvu suite and resets handlers between its tests. */
export function useServer(suite) {
	suite.before(() => server.listen({ onUnhandledRequest: "error" }));
	suite.after.each(() => server.resetHandlers());
	suite.after(() => server.close());
}

/**
Serves every request of a suite's tests with `body` as JSON, recording each as "METHOD url" in
`sent`, which is emptied before each test: for tests that prove nothing was sent.
*/
export function useRecording(suite, sent, body = {}) {
	useServer(suite);
	suite.before.each(() => {
		sent.length = 0;
		server.use(
			http.all("*", ({ request }) => {
				sent.push(`${request.method} ${request.url}`);
				return HttpResponse.json(body);
			}),
		);
	});
}
