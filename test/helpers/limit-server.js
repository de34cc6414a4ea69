// A GitHub-like server on 127.0.0.1 that enforces rate limits per token, as GitHub does:
// a primary budget of `budget` requests per `window` ms (windows aligned to the clock, so that
// `x-ratelimit-reset` is a whole second), and a secondary limit of `perSecond` requests in any
// second, which sets a `penalty` of ms during which every request is refused. Requests that
// arrive inside a penalty count towards the next one, as 403s do. Every request is recorded.
import { startServer, readBody } from "./loopback.js";

const SECONDARY = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";

/**
`answer(request, record)` may answer a request itself (return `{ status, headers?, body? }`) before
the limits apply: a test uses it to send one secondary-limit 403. `hold` (ms) delays every answer.
*/
export async function startLimitServer({ budget = Number.POSITIVE_INFINITY, window = 2000, perSecond = Number.POSITIVE_INFINITY, penalty = 2000, hold = 0, answer } = {}) {
	const tokens = new Map();
	const records = [];
	const stateOf = (token) => {
		let state = tokens.get(token);
		if (!state) tokens.set(token, (state = { window: -1, used: 0, arrivals: [], penaltyUntil: 0 }));
		return state;
	};
	const server = await startServer(async (request, response) => {
		await readBody(request);
		const now = Date.now();
		const token = request.headers.authorization ?? "anonymous";
		const state = stateOf(token);
		const record = { method: request.method, url: request.url, token, at: now, headers: request.headers, inPenalty: state.penaltyUntil > now };
		records.push(record);
		state.arrivals = state.arrivals.filter((at) => at > now - 1000);
		state.arrivals.push(now);
		const index = Math.floor(now / window);
		if (index !== state.window) {
			state.window = index;
			state.used = 0;
		}
		const limits = (remaining) => ({
			"x-ratelimit-limit": String(Number.isFinite(budget) ? budget : 5000),
			"x-ratelimit-remaining": String(remaining),
			"x-ratelimit-reset": String(((index + 1) * window) / 1000),
			"x-ratelimit-resource": "core",
		});
		const reply = (status, headers, body) =>
			setTimeout(() => {
				record.status = status;
				response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
				response.end(JSON.stringify(body));
			}, hold);
		const custom = answer?.(request, record);
		if (custom) return reply(custom.status, custom.headers ?? {}, custom.body ?? {});
		if (state.penaltyUntil <= now && state.arrivals.length > perSecond) state.penaltyUntil = now + penalty;
		if (state.penaltyUntil > now) {
			const retryAfter = String(Math.ceil((state.penaltyUntil - now) / 1000));
			return reply(403, { "retry-after": retryAfter, ...limits(Math.max(0, budget - state.used)) }, { message: SECONDARY });
		}
		if (state.used >= budget) return reply(403, limits(0), { message: "API rate limit exceeded for user." });
		state.used += 1;
		const remaining = Number.isFinite(budget) ? budget - state.used : 4999;
		reply(request.method === "GET" ? 200 : 201, limits(remaining), { ok: true, url: request.url });
	});
	return {
		...server,
		records,
		/** The counts a fleet is judged by. */
		summary: () => ({
			requests: records.length,
			forbidden: records.filter((record) => record.status === 403).length,
			inPenalty: records.filter((record) => record.inPenalty).length,
		}),
	};
}

export { SECONDARY };
