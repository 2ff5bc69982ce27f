-- rules D24: an installation holds its calendar from its start to the end of that day's working
-- hours. Installations stored before held only their two-hour start window: each one that is not
-- cancelled (the exclusion constraint's rule) now ends at the working day's end of the settings
-- (the §9 default 17:00 when none is stored or the stored one is not a time), but never later than
-- the start of the next visit of its day that is not cancelled, so a day that already holds a later
-- visit keeps both (the constraint would otherwise refuse the migration); never earlier than it
-- ended. Cancelled installations keep their window: bringing one back works its range out anew.
-- Ranges only grow into time no other visit holds, so the constraint accepts every row.
UPDATE "bookings" AS b
SET "end_time" = greatest(b."end_time", least(
  coalesce(
    (SELECT ("value" #>> '{}')::time FROM "system_settings"
      WHERE "key" = 'workdayEnd' AND jsonb_typeof("value") = 'string' AND ("value" #>> '{}') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    '17:00'::time),
  (SELECT min(n."start_time") FROM "bookings" AS n
    WHERE n."date" = b."date" AND n."id" <> b."id" AND n."status" <> 'cancelled' AND n."start_time" >= b."end_time")))
WHERE b."service_type" = 'installation' AND b."status" <> 'cancelled';
