/**
 * Zod compiles an object's parser with `new Function` where it may, and finds out whether it may by
 * trying once, at its first parse of an object. The server's Content-Security-Policy forbids it: the
 * attempt fails, as it should, but the browser reports it as a violation (in DevTools' Issues, and so
 * in Lighthouse's best practices). With `jitless` Zod does not try. Zod loads with the screens that
 * use it, not with the app, and reads its settings from this global as it loads (so that copies of
 * it share them): imported first by the app's entry, this sets them before Zod is there.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
