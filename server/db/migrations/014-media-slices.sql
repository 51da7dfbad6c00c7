-- Images are served a chunk at a time: each chunk is a
-- substring() of media_objects.bytes. With the default storage (EXTENDED) a
-- value PostgreSQL managed to compress must be decompressed from its start
-- for every slice; EXTERNAL keeps large values out of line and uncompressed,
-- so a slice reads only the TOAST chunks it covers. Images are compressed
-- already, so nothing is lost. Applies to rows written from now on; rows
-- already stored are almost always uncompressed anyway (JPEG/PNG/WebP bytes
-- do not compress), and slicing them is still correct, only slower.
ALTER TABLE media_objects ALTER COLUMN bytes SET STORAGE EXTERNAL;
