package org.tilemark.config;

/**
 * Checks of the run modes beside the tiles: infrastructure operations ({@code infra}), storage
 * characterization ({@code storage}) the tile search ({@code search}) and the web app ({@code serve}); errors go to the {@link SpecValidator} they belong to.
 */
final class ModeChecks {

    private final SpecValidator v;

    ModeChecks(SpecValidator validator) {
        this.v = validator;
    }

    void infra(InfraSpec infra) {
        v.atLeast("infra.blocks", infra.blocks(), 0);
        if (infra.only() && !infra.enabled()) {
            v.error("infra.only: an infrastructure-only run needs infra.enabled true");
        }
        v.positive("infra.operationTimeout", infra.operationTimeout());
        v.notNegative("infra.pause", infra.pause());
        migration("infra.vmotion", infra.vmotion());
        migration("infra.storageVmotion", infra.storageVmotion());
        migration("infra.xvmotion", infra.xvmotion());
        v.positive("infra.deploy.referenceOpsPerHour", infra.deploy().referenceOpsPerHour());
        v.positive("infra.deploy.jobDuration", infra.deploy().jobDuration());
    }

    void serve(ServeSpec serve) {
        if (v.usable("serve.address") && (serve.address() == null || !Addresses.isHostOrAddress(serve.address()))) {
            v.error("serve.address: not an IP address or host name (got '" + Messages.clip(String.valueOf(serve.address())) + "')");
        }
        if (v.usable("serve.port") && serve.port() != 0 && !Addresses.isPort(serve.port())) {
            v.error("serve.port: must be 0 (a free port) or 1..65535 (got " + serve.port() + ")");
        }
        if (v.usable("serve.tokenEnv") && (serve.tokenEnv() == null || serve.tokenEnv().isBlank())) {
            v.error("serve.tokenEnv: must not be blank");
        }
    }

    void search(SearchSpec search) {
        v.atLeast("search.startTiles", search.startTiles(), 1);
        if (v.usable("search.startTiles", "search.maxTiles") && search.maxTiles() < search.startTiles()) {
            v.error("search.maxTiles: must be >= search.startTiles (got " + search.maxTiles() + " < " + search.startTiles() + ")");
        }
        v.atLeast("search.growthPercent", search.growthPercent(), 1); // at most 100: every *Percent key's bound
        v.atLeast("search.phasesPerStep", search.phasesPerStep(), 1);
        v.atLeast("search.quick.phases", search.quick().phases(), 1);
        v.positive("search.quick.phaseDuration", search.quick().phaseDuration());
        v.notNegative("search.quick.warmup", search.quick().warmup());
    }

    /** Whether the platform has {@code storage.hosts} hosts and the datastore is asked of the platform when the run starts. */
    void storage(StorageSpec storage) {
        v.atLeast("storage.vms", storage.vms(), 1);
        v.atLeast("storage.hosts", storage.hosts(), 0);
        v.notBlank("storage.datastore", storage.datastore());
        v.atLeast("storage.disksPerVm", storage.disksPerVm(), 1);
        v.atLeast("storage.outstandingIos", storage.outstandingIos(), 1);
        v.positive("storage.rampUp", storage.rampUp());
        v.positive("storage.runtime", storage.runtime());
        v.positive("storage.quick.rampUp", storage.quick().rampUp());
        v.positive("storage.quick.runtime", storage.quick().runtime());
        byteSize("storage.diskSize", storage.diskSize());
        StorageSpec.Interference i = storage.interference();
        v.positive("storage.interference.start", i.start());
        v.positive("storage.interference.step", i.step());
        v.positive("storage.interference.stepDuration", i.stepDuration());
        v.positive("storage.interference.interval", i.interval());
        byteSize("storage.interference.diskSize", i.diskSize());
        v.positive("storage.interference.quick.start", i.quick().start());
        v.positive("storage.interference.quick.step", i.quick().step());
        v.positive("storage.interference.quick.stepDuration", i.quick().stepDuration());
        v.positive("storage.interference.quick.interval", i.quick().interval());
        byteSize("storage.quick.diskSize", storage.quick().diskSize());
        if (v.usable("storage.transferSizesKb")) {
            for (String size : storage.transferSizesKb().split(",")) {
                if (!size.strip().matches("[1-9][0-9]{0,5}")) {
                    v.error("storage.transferSizesKb: '" + size.strip() + "' is not a size in KB (e.g. 4, 8, 64)");
                }
            }
        }
    }

    private void byteSize(String path, String value) {
        if (v.usable(path) && (value == null || !value.strip().matches("[1-9][0-9]*(MB|GB)"))) {
            v.error(path + ": invalid size '" + Messages.clip(value) + "' (expected <n>MB or <n>GB)");
        }
    }

    private void migration(String path, InfraSpec.MigrationSpec migration) {
        v.positive(path + ".referenceOpsPerHour", migration.referenceOpsPerHour());
        if (migration.enabled()) {
            v.notBlank(path + ".roles", migration.roles());
        }
    }
}
