// The entry point: V8's memory settings first, then the server. The server's code and libraries are
// a chunk of their own in the build (serve.ts), loaded by the dynamic import below, so that the
// settings are in force before the first library allocates anything.
import { keepYoungGenerationSmall } from './memory-flags';

keepYoungGenerationSmall();

await import('./serve');
