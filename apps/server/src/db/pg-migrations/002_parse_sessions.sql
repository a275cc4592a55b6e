-- Photo crops uploaded to POST /v1/stamp/parse, kept under a random pid so that other clarity
-- keys (POST /v1/stamp/gray) need no re-upload, from any instance. image is the normalised crop
-- as a PNG. Rows at or past expires_at are ignored on lookup and deleted by a periodic sweep.
CREATE TABLE parse_sessions (
  pid        TEXT    PRIMARY KEY,
  image      BYTEA   NOT NULL,
  width      INTEGER NOT NULL,
  height     INTEGER NOT NULL,
  created_at BIGINT  NOT NULL,
  expires_at BIGINT  NOT NULL
);

CREATE INDEX parse_sessions_expires_at ON parse_sessions (expires_at);
