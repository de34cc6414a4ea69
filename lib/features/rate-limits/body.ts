import type { RequestOptions } from "../../../types/endpoint.js";
import type { HubletResponse, Log } from "../../../types/request.js";
import { RequestError, redactUrl } from "../../common/errors.js";
import { createIdentities } from "../../common/identity.js";
import { DEFAULT_MAX_WAIT, sleep } from "../../common/race.js";
import { abortFailure } from "../../http/abort-failure.js";
import { MAX_DATE_MS, dateText } from "../../http/bounded.js";
import { admit } from "./ledger.js";
import { observe, resourceOf } from "./observe.js";
import type { Ledger } from "./ledger.js";
import type { RateLimitSettings } from "./option.js";
import { createLedgers } from "./store.js";
import type { Call, FeatureStages, Stage } from "../../http/pipeline.js";

// Content-creating requests, which GitHub asks to be sent one at a time.
const WRITES = new Set(["POST", "PATCH", "PUT", "DELETE"]);
// Hashed in front of every credential: a rate-limit key is never the cache's key, nor a bare SHA-256 of a token.
const IDENTITY_CONTEXT = "hublet shared rate limits identity v1\n";
// How late a write may leave after its start before the next write's start is moved (timer granularity).
const LATE_WRITE = 2;
// setTimeout's ceiling: a longer wait is slept in steps.
const LONGEST_TIMER = 2 ** 31 - 1;

// The longest wait a call accepts: its retry settings' `maxWait` (the retry feature's, checked for
// the call), or the retry feature's default on a client without it.
const maxWaitOf = (call: Call): number => call.settings.retry?.maxWait ?? DEFAULT_MAX_WAIT;

/**
Shared rate limits (`new Hublet({ rateLimit })`): the pipeline's two limit stages, made at the
first request from the option checked when the client was built (index.ts, option.ts).

- `attemptLimits`, around each attempt, retries included (every attempt counts against GitHub's
  limits): waits out a known pause or a spent budget, counts the request, starts a write no
  sooner than `writeInterval` after the token's last one (across every client sharing the
  store), and learns from the answer, so that a secondary limit met by one request pauses the
  others at once, even while its own retry waits.
- `limits`, outermost: content-creating requests of a token go one at a time per client,
  retries included. There is none with `writeInterval: 0`.
*/
export function createRateLimits(settings: RateLimitSettings, log: Log): FeatureStages {
	const ledgers = createLedgers(settings.store, settings.timeout, log);
	const identityOf = createIdentities(IDENTITY_CONTEXT);
	const writeQueues = new Map<string, Promise<void>>();
	let warnedDigest = false;
	const interval = settings.writeInterval;

	/** The token's identity, or `undefined` without Web Crypto: the request then goes out unlimited. */
	const identify = async (request: RequestOptions) => {
		try {
			return await identityOf(request.headers.authorization);
		} catch {
			if (!warnedDigest)
				log.warn("[hublet] rateLimit needs Web Crypto (crypto.subtle) to hash credentials: requests go on without it");
			warnedDigest = true;
			return undefined;
		}
	};

	/** Sleeps until `until`, or fails at once when that is later than `retry.maxWait` allows. */
	const waitUntil = async (request: RequestOptions, call: Call, until: number, started: number, why: () => string) => {
		const maxWait = maxWaitOf(call);
		if (until - started > maxWait) {
			// A pause kept at the last date a Date holds stands for one past any date.
			const end = until < MAX_DATE_MS ? dateText(until) : undefined;
			const message =
				`${request.method} ${redactUrl(request.url)} was not sent: ${why()} ` +
				`${end ? `until ${end}` : "past any date"}, longer than retry.maxWait (${maxWait}ms) allows`;
			throw new RequestError(message, 403, { request, code: "RATE_LIMITED" });
		}
		const signal = call.signal;
		try {
			await sleep(Math.min(Math.max(0, until - Date.now()), LONGEST_TIMER), signal);
		} catch (error) {
			throw abortFailure(error, request, signal);
		}
	};

	/**
	Records what an answer said; news the token's other clients must hear is in the store before the
	answer is handed back.
	*/
	const learn = async (
		identity: string,
		request: RequestOptions,
		response: HubletResponse<unknown>,
		message: string,
	) => {
		if (observe(ledgers.local(identity), request.url, response, message, Date.now())) await ledgers.publish(identity);
	};

	const limitAttempts: Stage = (next) =>
		async function sendWithinLimits(request, call) {
			const identity = await identify(request);
			if (identity === undefined) return next(request, call);
			const resource = resourceOf(request.url);
			const started = Date.now();
			const paced = interval > 0 && WRITES.has(request.method);
			const why = () => {
				const ledger = ledgers.local(identity);
				const now = Date.now();
				if (ledger.pauseUntil > now) return "GitHub asked this token to pause (secondary rate limit)";
				return admit(ledger, resource, now, false) !== 0
					? `the ${resource} rate limit of this token is spent`
					: "content-creating requests of this token are paced";
			};
			/**
			When the request may go, or 0 when it may go now: a pause, a spent budget, or for a write the next
			write's earliest start.
			*/
			const waitOf = (ledger: Ledger, now: number) =>
				admit(ledger, resource, now, false) || (paced && ledger.nextWrite > now ? ledger.nextWrite : 0);
			let sent: Promise<HubletResponse<unknown>> | undefined;
			let sentAt = 0;
			for (;;) {
				// What this client already knows is waited out here, without a trip to the store.
				let until = waitOf(ledgers.local(identity), Date.now());
				if (until === 0) {
					// Counted and, for a write, sent and recorded in one change of the shared ledger: no
					// other client looks at it in between, so the next write starts `writeInterval` after
					// this one really started, however late this client's event loop let it start.
					until = await ledgers.transact(
						identity,
						(ledger, now) => {
							const wait = waitOf(ledger, now);
							if (wait !== 0) return wait;
							admit(ledger, resource, now, true);
							if (paced) {
								sentAt = Date.now();
								sent = next(request, call);
								// Handled when awaited below; until then, a quick failure is not unhandled.
								sent.catch(() => {});
								ledger.nextWrite = sentAt + interval;
							}
							return 0;
						},
						paced ? interval : 0,
					);
				}
				if (until === 0) break;
				await waitUntil(request, call, until, started, why);
			}
			if (sent) {
				// fetch writes the request once the code already queued has run: code that holds the
				// event loop up before then (a busy hook of another request) delays the write, and
				// the next write's start moves with it.
				setTimeout(() => {
					const now = Date.now();
					if (now - sentAt <= LATE_WRITE) return;
					const ledger = ledgers.local(identity);
					ledger.nextWrite = Math.max(ledger.nextWrite, now + interval);
					ledgers.publish(identity);
				}, 0);
			}
			let response: HubletResponse<unknown>;
			try {
				response = await (sent ?? next(request, call));
			} catch (error) {
				if (error instanceof RequestError && error.response)
					await learn(identity, request, error.response, error.message);
				throw error;
			}
			await learn(identity, request, response, "");
			return response;
		};

	const paceWrites: Stage = (next) =>
		async function sendPaced(request, call) {
			if (!WRITES.has(request.method)) return next(request, call);
			const identity = await identify(request);
			if (identity === undefined) return next(request, call);
			// One at a time in this client: the next write starts once this one is answered.
			const previous = writeQueues.get(identity);
			let done!: () => void;
			const mine = new Promise<void>((resolve) => (done = resolve));
			writeQueues.set(identity, mine);
			try {
				if (previous) await previous;
				return await next(request, call);
			} finally {
				done();
				if (writeQueues.get(identity) === mine) writeQueues.delete(identity);
			}
		};

	return { attemptLimits: limitAttempts, ...(interval > 0 ? { limits: paceWrites } : {}) };
}
