import type { FeatureStages } from "./stage-types.js";

// The stages' types live in a file of types only, which any layer may import without a circle;
// they are exported here too, for the features that take them from the pipeline.
export type { Call, FeatureStages, ProxyFor, ProxyRoute, Send, SendRequest, Stage } from "./stage-types.js";

/**
The slots of the pipeline that features fill, outermost first, declared once: the composition
refuses a slot not named here and a slot two features fill (compose-features.ts), and
`composeSend` (http/request.ts) places each.
*/
export const STAGE_SLOTS = ["limits", "cache", "retries", "proxy", "attemptLimits"] as const satisfies ReadonlyArray<
	keyof FeatureStages
>;
// Every slot of `FeatureStages` is in the list: a slot added to the type and not here fails to compile.
const everySlotListed: [Exclude<keyof FeatureStages, (typeof STAGE_SLOTS)[number]>] extends [never] ? true : never =
	true;
void everySlotListed;
