-- rules D5: two active bookings whose wall-clock ranges overlap can never both exist,
-- whatever code path writes them. Cancelled bookings free their time.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("during" WITH &&) WHERE ("status" <> 'cancelled');
