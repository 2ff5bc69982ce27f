import { customType } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// A wall-clock range; only read by the exclusion constraint, never by the application.
export const tsrange = customType<{ data: string }>({ dataType: () => "tsrange" });

/** Text compared byte by byte: sort keys whose order must not depend on the database's collation. */
export const byteText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });
