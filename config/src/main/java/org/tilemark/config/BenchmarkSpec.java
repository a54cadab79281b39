package org.tilemark.config;

/** The complete, validated configuration of one benchmark run; load it with {@link ConfigLoader}. */
public record BenchmarkSpec(RunSpec run, ClusterSpec cluster, WorkloadsSpec workloads, InfraSpec infra, StorageSpec storage,
        SearchSpec search, ServeSpec serve) {
}
