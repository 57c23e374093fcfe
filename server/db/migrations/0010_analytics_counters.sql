CREATE TABLE "analytics_counters" (
	"metric" text NOT NULL,
	"bucket" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_counters_metric_bucket_pk" PRIMARY KEY("metric","bucket")
);
