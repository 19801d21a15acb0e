import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what a full GC found live before the next full GC: 1.5 times.
 * Left to itself, on a machine with a heap limit of 2 GiB or more, V8 lets it grow up to 4 times, and the
 * API's live heap of about 40 MiB grew to 170 MiB of mostly garbage under a 1,000-row list (the rows, their
 * mapped and wire forms and the body outlive a scavenge and are promoted), which the process then holds:
 * peak RSS 282 MiB against 175 with this (docs/performance.md, "Item 3: where the memory goes"). V8 reads
 * the flag at every heap limit it works out, so it applies set from here, before the API's modules load; the
 * young generation's size, by contrast, is fixed when the process starts and cannot be set this way.
 */
setFlagsFromString('--heap-growing-percent=50');
