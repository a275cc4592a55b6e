-- PostgreSQL twin of ../migrations (SQLite): same tables and meaning. Times are Unix epoch
-- milliseconds (BIGINT).

-- A mark is a stamp PNG the site produced or was shown, named by its content hash (mid).
CREATE TABLE marks (
  mid          TEXT    PRIMARY KEY,
  kind         TEXT    NOT NULL,
  bytes        INTEGER NOT NULL,
  created_at   BIGINT  NOT NULL,
  last_seen_at BIGINT  NOT NULL,
  hits         INTEGER NOT NULL DEFAULT 1
);

-- User feedback from the 问题反馈 box.
CREATE TABLE reports (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  text       TEXT   NOT NULL,
  created_at BIGINT NOT NULL
);
