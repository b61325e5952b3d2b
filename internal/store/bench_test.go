package store

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkTakeBudget measures TakeBudget on each database: one bucket, a credential's bucket
// under the global one (what the server takes per upstream request), and the latter from many
// goroutines on two replicas at once. Every take is allowed (the rates are far above what is
// taken), so each is the statements of the allowed path; takes/s is reported.
func BenchmarkTakeBudget(b *testing.B) {
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			p := be.newPlace(b)
			s := open(b, p)
			ctx := context.Background()
			global := Bucket{Key: "global", Rate: 1e6, Burst: 1 << 30}
			one := Bucket{Key: "cred:bench", Rate: 1e6, Burst: 1 << 30}
			take := func(b *testing.B, s *DB, buckets ...Bucket) {
				d, err := s.TakeBudget(ctx, t0, buckets...)
				if err != nil || !d.Allowed {
					b.Fatalf("take: %+v, %v", d, err)
				}
			}
			b.Run("one_bucket", func(b *testing.B) {
				for b.Loop() {
					take(b, s, one)
				}
				report(b)
			})
			b.Run("cred+global", func(b *testing.B) {
				for b.Loop() {
					take(b, s, one, global)
				}
				report(b)
			})
			b.Run("cred+global_parallel_2_replicas", func(b *testing.B) {
				replicas := []*DB{s, open(b, p)}
				var n atomic.Int64
				b.SetParallelism(4)
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					i := n.Add(1)
					r := replicas[i%2]
					cred := Bucket{Key: fmt.Sprintf("cred:%d", i), Rate: 1e6, Burst: 1 << 30}
					for pb.Next() {
						take(b, r, cred, global)
					}
				})
				report(b)
			})
		})
	}
}

// report adds takes/s to the benchmark's line.
func report(b *testing.B) {
	if e := b.Elapsed(); e > 0 {
		b.ReportMetric(float64(b.N)/e.Seconds(), "takes/s")
	}
}

// BenchmarkCallStatements measures, on each database, the store's statements of a call: the
// signals' read a request makes (no read shared: each at a new instant), and a lease of a
// budget's batch, the write a replica makes once per batch of upstream requests.
func BenchmarkCallStatements(b *testing.B) {
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			s, ctx := open(b, be.newPlace(b)), context.Background()
			b.Run("signals", func(b *testing.B) {
				for b.Loop() {
					if _, err := s.Signals(ctx, time.Now()); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("lease", func(b *testing.B) {
				bucket := Bucket{Key: "cred:bench", Rate: 1e6, Burst: 1 << 30}
				for b.Loop() {
					if got, _, err := s.LeaseBudget(ctx, t0, bucket, 1000); err != nil || got == 0 {
						b.Fatalf("lease: %d, %v", got, err)
					}
				}
			})
		})
	}
}
