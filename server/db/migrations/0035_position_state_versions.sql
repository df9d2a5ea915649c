-- The position pipeline updates the vehicle states it holds in memory without locking them first: each row must
-- still be at the version the pipeline wrote. A state written by anyone else since (another gateway process, the
-- alert timers) makes the update match fewer rows than it should; this stops the transaction, and the pipeline
-- stores the packets again the locking way.
CREATE FUNCTION flota_expect_rows(actual bigint, expected bigint) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF actual <> expected THEN
    RAISE EXCEPTION 'vehicle states changed meanwhile: % of % still at the expected version', actual, expected
      USING ERRCODE = 'FL409';
  END IF;
  RETURN actual;
END $$;
