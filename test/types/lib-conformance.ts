// lib/ conforms to types/: the runtime's own (loose) types are pinned to the public surface,
// so the two cannot drift (STYLE §2). This file compiles lib/*.ts as part of the type tests.
import LibDefault, { Hublet as LibHublet, RequestError as LibRequestError, findRoutes as libFindRoutes } from "../../lib/index.js";
import { Hublet as LibCore, RequestError as LibCoreRequestError } from "../../lib/core.js";
import PublicDefault, { Hublet, RequestError, findRoutes, type EndpointMethod, type PaginateInterface } from "@hublet/rest";
import type { Feature } from "../../types/features.js";
import { Hublet as PublicCore, RequestError as PublicCoreRequestError } from "@hublet/rest/core";
import type { Assignable, Equal, Expect, KnownKeys } from "./helpers.js";

type LibClient = InstanceType<typeof LibHublet>;
type Statics<Class> = Exclude<keyof Class, "prototype">;

// The same statics, constructor and instance members (lib's class also has an index signature for plugins).
type _statics = Expect<Equal<Statics<typeof LibHublet>, Statics<typeof Hublet>>>;
type _defaultStatics = Expect<Equal<Statics<typeof LibDefault>, Statics<typeof PublicDefault>>>;
type _coreStatics = Expect<Equal<Statics<typeof LibCore>, Statics<typeof PublicCore>>>;
type _coreMembers = Expect<Equal<KnownKeys<InstanceType<typeof LibCore>>, keyof PublicCore>>;
type _coreError = Expect<Equal<typeof LibCoreRequestError, typeof LibRequestError>>;
type _publicCoreError = Expect<Equal<typeof PublicCoreRequestError, typeof RequestError>>;
type _constructor = Expect<Equal<ConstructorParameters<typeof LibHublet>, ConstructorParameters<typeof Hublet>>>;
type _defaultConstructor = Expect<Equal<ConstructorParameters<typeof LibDefault>, ConstructorParameters<typeof PublicDefault>>>;
type _members = Expect<Equal<KnownKeys<LibClient>, "request" | "log" | "hook" | "auth" | "rest" | "paginate" | "graphql">>;
type _publicMembers = Expect<Equal<Exclude<keyof Hublet, keyof Hublet["rest"]>, KnownKeys<LibClient>>>;

// Each member lib builds is what the public type says it is.
type _request = Expect<Equal<LibClient["request"], Hublet["request"]>>;
type _log = Expect<Equal<LibClient["log"], Hublet["log"]>>;
type _hook = Expect<Assignable<LibClient["hook"], Hublet["hook"]>>;
type _auth = Expect<Assignable<LibClient["auth"], Hublet["auth"]>>;
// findRoutes is a feature the full client leaves out: `Hublet.plugin(findRoutes)` adds the member lib's feature builds.
type MembersOf<F> = F extends Feature<any, any, infer Members> ? Members : never;
type _findRoutes = Expect<Equal<MembersOf<typeof libFindRoutes>["findRoutes"], InstanceType<ReturnType<typeof Hublet.plugin<typeof Hublet, [typeof findRoutes]>>>["findRoutes"]>>;
type _noFindRoutes = Expect<Equal<"findRoutes" extends keyof Hublet ? true : false, false>>;
type _VERSION = Expect<Equal<(typeof LibHublet)["VERSION"], (typeof Hublet)["VERSION"]>>;
type _routes = Expect<Equal<(typeof LibHublet)["routes"], (typeof Hublet)["routes"]>>;

// lib builds every method as an `EndpointMethod`; each public method is that interface, typed by route.
type _method = Expect<Equal<LibClient["rest"][string][string], EndpointMethod>>;
type _publicMethod = Expect<Assignable<Hublet["rest"]["repos"]["get"], EndpointMethod<any, any, string>>>;
type _methodMembers = Expect<Equal<Exclude<keyof Hublet["rest"]["issues"]["get"], never>, keyof EndpointMethod>>;

// paginate: lib takes everything the public overloads take, and has `iterator`.
type _paginateKeys = Expect<Equal<keyof LibClient["paginate"], keyof PaginateInterface>>;
type _paginateTarget = Expect<Assignable<Parameters<PaginateInterface>[0], Parameters<LibClient["paginate"]>[0]>>;

// RequestError: the same class.
type _error = Expect<Equal<InstanceType<typeof LibRequestError>, RequestError>>;
type _errorConstructor = Expect<Equal<ConstructorParameters<typeof LibRequestError>, ConstructorParameters<typeof RequestError>>>;

// The server-tables feature: lib's is the feature the public type declares.
import { serverTables as LibServerTables } from "../../lib/core.js";
import type { serverTables as PublicServerTables } from "@hublet/rest/core";
type _serverTables = Expect<Assignable<typeof LibServerTables, typeof PublicServerTables>>;
