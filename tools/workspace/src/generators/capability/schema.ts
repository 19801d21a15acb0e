export interface CapabilitySchema {
  /** kebab-case, e.g. `bin-audits`: the route's last segment and every file's name. */
  name: string;
  /** The migrations' timestamp (milliseconds); default: now, and after every migration so far. */
  timestamp?: number;
  /** Leave the client's generated types as they are (they then fail the client's check until `nx run @curbside/client:generate`). */
  skipClientTypes?: boolean;
}
