import type { RequestOptions } from "../../types/endpoint.js";
import type { FeatureBody } from "../../types/features.js";
import { loadedLater } from "../common/later.js";
import type { Send, Stage } from "./stage-types.js";

// A feature's stage over its body, which may load later (common/later.ts): the stage is part of
// the pipeline from the client's construction, and its code joins at the first request through it.

/**
The stage `make` builds over a feature's body: at once when the composition gave the body, or else
at the first request through it, once the body has loaded.
*/
export function stageOver<Body>(body: FeatureBody<Body>, make: (body: Body) => Stage | undefined): Stage | undefined {
	return body.now ? make(body.now) : stageLoadedLater(async (request) => make(await body.load(request)));
}

/**
A stage whose code loads on the first request through it (for which `load` is called); from then on
the loaded stage is called directly.
*/
export function stageLoadedLater(load: (request: RequestOptions) => Promise<Stage | undefined>): Stage {
	return (next) =>
		loadedLater(async (request: RequestOptions): Promise<Send> => (await load(request))?.(next) ?? next) as Send;
}
