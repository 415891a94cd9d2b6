-- Being written in this session; replaced before it is used.
SELECT 1;
