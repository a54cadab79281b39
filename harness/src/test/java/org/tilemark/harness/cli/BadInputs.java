package org.tilemark.harness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The bad inputs of {@link BadInputFuzzTest}, generated per category, and the files they name. */
final class BadInputs {

    private static final List<String> INT_KEYS = List.of("run.tiles", "run.phases", "workloads.dvdstore.users",
            "workloads.dvdstore.webServers", "workloads.mail.users", "workloads.olio.users", "cluster.local.hosts",
            "storage.vms", "search.maxTiles", "workloads.dvdstore.database.poolSize");
    private static final List<String> BAD_INTS = List.of("x", "+3", "2f", "\u0663", "1.5", "99999999999999999999",
            "0x10", "1e3");
    private static final List<String> DOUBLE_KEYS = List.of("run.tileScale", "workloads.dvdstore.referenceOrdersPerMinute",
            "workloads.mail.acceleration", "workloads.olio.referenceOpsPerSecond", "workloads.dvdstore.load.highFactor",
            "infra.vmotion.referenceOpsPerHour");
    private static final List<String> BAD_DOUBLES = List.of(".nan", "NaN", ".inf", "Infinity", "2f", "0x1p3", "1e999",
            "\u0663", "abc");
    private static final List<String> DURATION_KEYS = List.of("run.phaseDuration", "run.warmup",
            "workloads.dvdstore.thinkTime", "infra.pause", "workloads.standby.timeout");
    private static final List<String> BAD_DURATIONS = List.of("5", "5x", "s", "1e3s", "PXYZ", "\u0663s", "10 minutes");
    private static final List<String> CONFIG_COMMANDS = List.of("run", "search", "storage", "cleanup", "olio export-jmx",
            "compare");

    /** Every SAMPLE-th setting goes to each other command too: each command costs a validate and itself. */
    private static final int SAMPLE = 16;

    private BadInputs() {
    }

    /** A valid configuration whose every path is under {@code tmp} and does not exist yet. */
    static List<String> base(Path tmp, String command) {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        // Datastores outside the work directory must exist: they do, so the work directory can be bad alone.
        Path datastores = tmp.resolve("ds");
        for (String setting : List.of("run.results=" + tmp.resolve("results"), "run.stateDir=" + tmp.resolve("state"),
                "cluster.local.workDir=" + tmp.resolve("work"), "cluster.local.datastores.app=" + datastores.resolve("app"),
                "cluster.local.datastores.maintenance=" + datastores.resolve("maintenance"))) {
            args.add("-s");
            args.add(setting);
        }
        if (command.equals("olio export-jmx")) {
            args.addAll(List.of("-o", tmp.resolve("out/plan.jmx").toString()));
        }
        return args;
    }

    static boolean isBaseSetting(String arg) {
        return arg.startsWith("run.results=/tmp/junit") || arg.startsWith("run.stateDir=") || arg.startsWith("cluster.local.workDir=")
                || arg.startsWith("cluster.local.datastores.app=/tmp") && arg.endsWith("ds/app")
                || arg.startsWith("cluster.local.datastores.maintenance=") && arg.endsWith("ds/maintenance");
    }

    static void writeFiles(Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("out"));
        Files.createDirectories(tmp.resolve("ds/app"));
        bundle(tmp, "bundle-binary-intervals", "intervals.jsonl", new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 10});
        bundle(tmp, "bundle-binary-infra", "infra-ops.jsonl", new byte[] {(byte) 0xc3, (byte) 0x28, 10});
        bundle(tmp, "bundle-garbage-run", "run.json", "{{ not json".getBytes(StandardCharsets.UTF_8));
        bundle(tmp, "bundle-list-run", "run.json", "[1, 2]".getBytes(StandardCharsets.UTF_8));
        bundle(tmp, "bundle-garbage-score", "score.json", "\u0000garbage".getBytes(StandardCharsets.UTF_8));
        bundle(tmp, "bundle-future-format", "run.json",
                "{\"format\": {\"name\": \"tilemark-bundle\", \"version\": 99}}".getBytes(StandardCharsets.UTF_8));
        damagedBundles(tmp);
        Files.createDirectories(tmp.resolve("ds/maintenance"));
        Files.createDirectories(tmp.resolve("adir"));
        Files.writeString(tmp.resolve("afile"), "x");
        Files.writeString(tmp.resolve("empty"), "");
        Files.write(tmp.resolve("binary"), new byte[] {0, 1, 2, (byte) 0xff, (byte) 0xfe, 10, 0});
        yaml(tmp, "two-docs", "run:\n  tiles: 1\n---\nrun:\n  tiles: 2\n");
        yaml(tmp, "tag", "run:\n  tiles: !!java.lang.Runtime 2\n");
        yaml(tmp, "alias", "a: &x {tiles: 2}\nrun: *x\n");
        yaml(tmp, "anchor", "run: &x\n  tiles: 2\n");
        yaml(tmp, "tab", "run:\n\ttiles: 2\n");
        yaml(tmp, "dup", "run:\n  tiles: 2\n  tiles: 3\n");
        yaml(tmp, "list", "- run\n");
        yaml(tmp, "plus", "run:\n  tiles: +3\n");
        yaml(tmp, "arabic", "run:\n  tiles: \u0663\n");
        yaml(tmp, "nan", "workloads:\n  mail:\n    acceleration: .nan\n");
        yaml(tmp, "inf", "workloads:\n  mail:\n    acceleration: .inf\n");
        yaml(tmp, "digits", "run:\n  tiles: " + "9".repeat(100_000) + "\n");
        yaml(tmp, "null-limit", "workloads:\n  dvdstore:\n    qos:\n      limits:\n        purchase: ~\n");
        yaml(tmp, "run-list", "run: [a, b]\n");
        yaml(tmp, "profile-list", "run:\n  profile: [a, b]\n");
        yaml(tmp, "section-scalar", "cluster:\n  local: 3\n");
        yaml(tmp, "null-weight", "workloads:\n  mail:\n    actionMix:\n      send: ~\n");
        yaml(tmp, "huge-weight", "workloads:\n  mail:\n    actionMix:\n      send: 1e20\n");
        yaml(tmp, "tolerance", "workloads:\n  olio:\n    cycleTimeTolerancePercent: 150\n");
        yaml(tmp, "deep", "a: ".repeat(1) + "[".repeat(200) + "]".repeat(200) + "\n");
        yaml(tmp, "huge", "# " + "x".repeat(2 << 20) + "\n");
        yaml(tmp, "unclosed", "run:\n  tiles: 2\n phases: [3\n");
        yaml(tmp, "complex-key", "? [a, b]\n: 1\n");
        Files.write(tmp.resolve("latin1.yaml"), "run:\n  profile: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        try {
            new ProcessBuilder("mkfifo", tmp.resolve("fifo").toString()).start().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A whole bundle ({@code cmp-ok}, the report tests' non-compliant run) and copies of it damaged the ways
     * compare must refuse: a line cut short, a histogram log of garbage, a file cut at a line boundary
     * under a manifest.
     */
    private static void damagedBundles(Path tmp) throws IOException {
        Path whole;
        try {
            whole = Path.of(BadInputs.class.getResource("/report/noncompliant-bundle").toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        Path ok = copy(whole, tmp.resolve("cmp-ok"));
        // the report fixture ends in a crashed run's cut line (the report tolerates it): whole, it has 15
        List<String> whole15 = Files.readAllLines(ok.resolve("intervals.jsonl")).subList(0, 15);
        Files.write(ok.resolve("intervals.jsonl"), whole15);
        Path cut = copy(ok, tmp.resolve("cmp-cut-line"));
        String intervals = Files.readString(cut.resolve("intervals.jsonl")).stripTrailing();
        Files.writeString(cut.resolve("intervals.jsonl"), intervals.substring(0, intervals.length() - 40));
        Path hlog = copy(ok, tmp.resolve("cmp-garbage-hlog")).resolve("histograms/tile1-dvdstore.hlog");
        Files.writeString(hlog, Files.readString(hlog) + "1795314600.000,10.000,5.0,HISTFAAAA-not-base64!!\n");
        Path binary = copy(ok, tmp.resolve("cmp-binary-hlog")).resolve("histograms/tile1-dvdstore.hlog");
        Files.write(binary, new byte[] {(byte) 0xff, 0, 1, (byte) 0xfe, 10, 42, 10});
        Path sealed = copy(ok, tmp.resolve("cmp-sealed-cut"));
        org.tilemark.harness.report.Manifest.write(sealed);
        List<String> lines = Files.readAllLines(sealed.resolve("intervals.jsonl"));
        Files.write(sealed.resolve("intervals.jsonl"), lines.subList(0, lines.size() - 1));
        // Things a bundle never holds, sealed in so only they are wrong: a link and a FIFO.
        Path linked = copy(ok, tmp.resolve("cmp-symlink"));
        Files.createSymbolicLink(linked.resolve("histograms/link.hlog"), linked.resolve("score.json"));
        org.tilemark.harness.report.Manifest.write(linked);
        Path piped = copy(ok, tmp.resolve("cmp-fifo"));
        org.tilemark.harness.report.Manifest.write(piped);
        try {
            new ProcessBuilder("mkfifo", piped.resolve("pipe").toString()).start().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (var walk = Files.walk(from)) {
            for (Path source : walk.toList()) {
                Files.copy(source, to.resolve(from.relativize(source).toString()));
            }
        }
        return to;
    }

    /** A bundle directory with one damaged file (and an intervals.jsonl, so it is taken for a bundle). */
    private static void bundle(Path tmp, String name, String file, byte[] content) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.writeString(dir.resolve("intervals.jsonl"), "");
        Files.write(dir.resolve(file), content);
    }

    private static void yaml(Path tmp, String name, String text) throws IOException {
        Files.writeString(tmp.resolve(name + ".yaml"), text);
    }

    static List<BadInputFuzzTest.Case> cases(Path tmp) {
        List<BadInputFuzzTest.Case> cases = new ArrayList<>();
        List<String[]> settings = settings(tmp);
        for (String[] setting : settings) {
            cases.add(setting(tmp, "validate", setting));
        }
        // Every command that takes a configuration refuses the same input the same way (a sample of them).
        for (String command : CONFIG_COMMANDS) {
            for (int i = command.length() % SAMPLE; i < settings.size(); i += SAMPLE) {
                cases.add(setting(tmp, command, settings.get(i)));
            }
        }
        for (String[] file : files(tmp)) {
            List<String> validate = base(tmp, "validate");
            validate.addAll(List.of("-c", file[0]));
            List<String> run = base(tmp, "run");
            run.addAll(List.of("-c", file[0]));
            cases.add(new BadInputFuzzTest.Case(file[1], validate));
            if (cases.size() % 3 == 0) { // run reads its file as validate does: a sample of them
                cases.add(new BadInputFuzzTest.Case(file[1], run, validate));
            }
        }
        cases.addAll(commandLines(tmp));
        return cases;
    }

    private static BadInputFuzzTest.Case setting(Path tmp, String command, String[] setting) {
        List<String> args = base(tmp, command);
        args.addAll(List.of(command.equals("compare") ? "-a" : "-s", setting[0] + "=" + setting[1]));
        if (setting.length > 3) {
            args.addAll(List.of(command.equals("compare") ? "-a" : "-s", setting[3]));
        }
        if (command.equals("compare")) {
            args.addAll(List.of("-b", "run.seed=7"));
        }
        return new BadInputFuzzTest.Case(setting.length > 2 ? setting[2] : setting[0], args,
                command.equals("validate") ? List.of() : setting(tmp, "validate", setting).args());
    }

    /** {key, value[, what the error names]}: types, ranges, open maps, references, addresses, URLs, paths. */
    private static List<String[]> settings(Path tmp) {
        List<String[]> s = new ArrayList<>();
        INT_KEYS.forEach(key -> BAD_INTS.forEach(value -> s.add(new String[] {key, value})));
        DOUBLE_KEYS.forEach(key -> BAD_DOUBLES.forEach(value -> s.add(new String[] {key, value})));
        DURATION_KEYS.forEach(key -> BAD_DURATIONS.forEach(value -> s.add(new String[] {key, value})));
        for (String key : List.of("infra.enabled", "workloads.mail.enabled", "cluster.local.pinCpus")) {
            for (String value : List.of("yes", "1", "on")) {
                s.add(new String[] {key, value});
            }
        }
        String[][] more = {
            {"run.tiles", "0"}, {"run.tiles", "-1"}, {"run.tiles", "100000"}, {"run.phases", "2147483647"},
            {"run.phaseDuration", "2562047h", "7 days (a sanity limit, not a machine limit)"},
            {"cluster.local.hosts", "100000000", "CPUs"},
            {"workloads.dvdstore.users", "2147483647", "workloads.dvdstore.users: must be <= 100000 (a sanity limit per tile"},
            {"workloads.mail.users", "2147483647"}, {"workloads.olio.users", "2147483647"},
            {"storage.diskSize", "99999999999GB", "storage.diskSize: must be <= 65536.0GB (a sanity limit"},
            {"storage.vms", "100000", "MiB of memory"},
            {"storage.diskSize", "60000GB", "storage.diskSize: storage.vms (2) x storage.disksPerVm (1) data disks of 60000GB need"
                + " 120000.0GB, more than the whole file system of cluster.local.datastores.app"}, // no file system here holds that
            {"storage.disksPerVm", "2000000", "the whole file system of cluster.local.datastores.app"},
            {"workloads.dvdstore.mix.pctNewCustomers", "101"}, {"workloads.standby.minAnsweredPercent", "-1"},
            {"workloads.dvdstore.qos.percentile", "100"}, {"run.interval", "7s"},
            {"run.tilez", "2", "run.tilez"}, {"cluster.lokal.hosts", "2", "cluster.lokal"},
            {"workloads.dvdstor.users", "2", "workloads.dvdstor"}, {"workloads.mail.actionMix.sned", "2"},
            {"workloads.dvdstore.qos.limits.purchse", "2s"}, {"workloads.mail.qos.limits.sned", "1s"},
            {"workloads.olio.qos.limits.HomePag", "1s"}, {"cluster.local.datastores.mainteance", tmp.resolve("work/m2").toString()},
            {"workloads.dvdstore.qos.limits.purchase", "~"},
            {"run", "[a, b]", "run: expected a mapping"}, {"workloads.mail.actionMix", "[a, b]", "workloads.mail.actionMix: expected a mapping"},
            {"cluster.local", "x", "cluster.local: expected a mapping"}, {"run.tiles", "2147483648", "run.tiles: out of range"},
            {"infra.vmotion.referenceOpsPerHour", "1e20", "infra.vmotion.referenceOpsPerHour: out of range"},
            {"workloads.olio.mixTolerancePercent", "150", "workloads.olio.mixTolerancePercent: must be between 0 and 100"},
            {"infra.vmotion.roles", "bogus"}, {"infra.storageVmotion.roles", "dvdstore-web, nope"}, {"infra.xvmotion.roles", ","},
            {"cluster.bindAddress", "999.999.999.999"}, {"cluster.bindAddress", "not a host!"}, {"cluster.bindAddress", "1.2.3"},
            {"cluster.platform", "hyperv"},
            {"workloads.dvdstore.database.jdbcUrl", "jdbc:garbage:x"}, {"workloads.dvdstore.database.jdbcUrl", "postgres://hunter2tok@h/db"},
            {"workloads.dvdstore.database.jdbcUrl", "jdbc:postgresql://h:70000/db"},
            {"workloads.mail.smtpUrl", "smtp://u:hun/ter2@host:25", "workloads.mail.smtpUrl", "workloads.mail.imapUrl=imap://h:143"},
            {"workloads.mail.smtpUrl", "smtp://host", "workloads.mail.smtpUrl", "workloads.mail.imapUrl=imap://h:143"},
            {"workloads.mail.smtpUrl", "smtp://host:70000", "workloads.mail.smtpUrl", "workloads.mail.imapUrl=imap://h:143"},
            {"workloads.mail.imapUrl", "imap://127.0.0.1:1", "workloads.mail.smtpUrl", "workloads.mail.smtpUrl=smtp://127.0.0.1:1"},
            {"workloads.dvdstore.database.jdbcUrl", "jdbc:postgresql://127.0.0.1:1/ds3"},
            {"workloads.mail.imapUrl", "imap://host:143", "workloads.mail.smtpUrl"},
            {"run.results", "/etc/passwd"}, {"run.results", "/dev/null/results"}, {"run.results", tmp.resolve("afile/x").toString()},
            {"run.stateDir", tmp.resolve("afile").toString()},
            {"cluster.local.workDir", tmp.resolve("afile").toString()}, {"cluster.local.workDir", "/proc/tilemark"},
            {"run.results", "/sys/tilemark-results"}, {"cluster.local.datastores.app", "/etc/passwd"},
            {"cluster.local.datastores.app", tmp.resolve("nowhere/app").toString()},
            {"cluster.local.datastores.app", tmp.resolve("ds/maintenance").toString(), "cluster.local.datastores.maintenance"},
            {"workloads.dvdstore.database.passwordFile", tmp.resolve("missing").toString()},
            {"workloads.dvdstore.database.passwordFile", tmp.resolve("adir").toString()},
            {"workloads.mail.passwordFile", tmp.resolve("empty").toString()},
            {"workloads.olio.passwordFile", "/dev/zero"},
            {"workloads.olio.passwordFile", tmp.resolve("fifo").toString()},
        };
        s.addAll(List.of(more));
        return s;
    }

    /** {config file, what the error names}. */
    private static List<String[]> files(Path tmp) {
        List<String[]> f = new ArrayList<>();
        for (String name : List.of("two-docs", "tag", "alias", "anchor", "tab", "dup", "list", "deep", "huge", "unclosed",
                "complex-key", "latin1")) {
            f.add(new String[] {tmp.resolve(name + ".yaml").toString(), name + ".yaml"});
        }
        f.add(new String[] {tmp.resolve("plus.yaml").toString(), "run.tiles"});
        f.add(new String[] {tmp.resolve("arabic.yaml").toString(), "run.tiles"});
        f.add(new String[] {tmp.resolve("nan.yaml").toString(), "workloads.mail.acceleration"});
        f.add(new String[] {tmp.resolve("inf.yaml").toString(), "workloads.mail.acceleration"});
        f.add(new String[] {tmp.resolve("digits.yaml").toString(), "run.tiles"});
        f.add(new String[] {tmp.resolve("null-limit.yaml").toString(), "workloads.dvdstore.qos.limits.purchase"});
        // Issue 41: wrong shapes and ranges, refused at binding (these ended in a NullPointerException, exit 3, or were accepted).
        f.add(new String[] {tmp.resolve("run-list.yaml").toString(), "run: expected a mapping, got a list"});
        f.add(new String[] {tmp.resolve("profile-list.yaml").toString(), "run.profile: expected a string, got a list"});
        f.add(new String[] {tmp.resolve("section-scalar.yaml").toString(), "cluster.local: expected a mapping"});
        f.add(new String[] {tmp.resolve("null-weight.yaml").toString(), "workloads.mail.actionMix.send: a weight cannot be removed"});
        f.add(new String[] {tmp.resolve("huge-weight.yaml").toString(), "workloads.mail.actionMix.send: out of range"});
        f.add(new String[] {tmp.resolve("tolerance.yaml").toString(), "workloads.olio.cycleTimeTolerancePercent: must be between 0 and 100"});
        for (String name : List.of("binary", "fifo", "adir", "missing.yaml")) {
            f.add(new String[] {tmp.resolve(name).toString(), name});
        }
        f.add(new String[] {"/dev/zero", "/dev/zero"});
        return f;
    }

    private static List<BadInputFuzzTest.Case> commandLines(Path tmp) {
        List<BadInputFuzzTest.Case> c = new ArrayList<>();
        String[][] lines = {
            {"--bogus", "validate --bogus"}, {"--tiles", "run --tiles"}, {"--repetitions", "compare --repetitions x"},
            {"nope", "nope"}, {"--bogus", "image build --bogus"}, {"BUNDLE", "report"},
            {"missing", "report " + tmp.resolve("missing")}, {"adir", "report " + tmp.resolve("adir")},
            {"afile", "report " + tmp.resolve("afile")}, {"missing", "verify " + tmp.resolve("missing")},
            {"adir", "verify " + tmp.resolve("adir")}, {"--target", "olio export-jmx --target http://127.0.0.1:70000 -o "
                + tmp.resolve("out/p.jmx")},
            {"--target", "olio export-jmx --target ftp://h:1 -o " + tmp.resolve("out/p.jmx")},
            {"--output", "olio export-jmx -o " + tmp.resolve("nowhere/p.jmx")},
            {"--output", "olio export-jmx -o " + tmp.resolve("adir")},
            {"A", "compare " + tmp.resolve("adir")},
            {"B: " + tmp.resolve("missing"), "compare " + tmp.resolve("bundle-list-run") + " " + tmp.resolve("missing")},
            {"A: " + tmp.resolve("missing"), "compare " + tmp.resolve("missing") + " " + tmp.resolve("bundle-list-run")},
            {"both", "compare " + tmp.resolve("bundle-list-run") + " " + tmp.resolve("two-docs.yaml")},
            {"--keystore", "verify --sign " + tmp.resolve("adir")},
            {"intervals.jsonl", "report " + tmp.resolve("bundle-binary-intervals")},
            {"infra-ops.jsonl", "report " + tmp.resolve("bundle-binary-infra")},
            {"run.json", "report " + tmp.resolve("bundle-garbage-run")},
            {"run.json", "report " + tmp.resolve("bundle-list-run")},
            {"score.json", "report " + tmp.resolve("bundle-garbage-score")},
            {"99", "report " + tmp.resolve("bundle-future-format")},
            {"B: " + tmp.resolve("cmp-cut-line") + ": intervals.jsonl line 15", "compare " + tmp.resolve("cmp-ok") + " "
                + tmp.resolve("cmp-cut-line")},
            {"A: " + tmp.resolve("cmp-cut-line") + ": intervals.jsonl", "compare " + tmp.resolve("cmp-cut-line") + " "
                + tmp.resolve("cmp-ok")},
            {"B: " + tmp.resolve("cmp-garbage-hlog") + ": histograms/tile1-dvdstore.hlog", "compare " + tmp.resolve("cmp-ok")
                + " " + tmp.resolve("cmp-garbage-hlog")},
            {"histograms/tile1-dvdstore.hlog", "compare " + tmp.resolve("cmp-ok") + " " + tmp.resolve("cmp-binary-hlog")},
            {"MANIFEST.sha256: modified: intervals.jsonl", "compare " + tmp.resolve("cmp-ok") + " " + tmp.resolve("cmp-sealed-cut")},
            {"not a regular file: histograms/link.hlog", "verify " + tmp.resolve("cmp-symlink")},
            {"not a regular file: pipe", "verify " + tmp.resolve("cmp-fifo")},
            {"not a regular file: pipe", "compare " + tmp.resolve("cmp-ok") + " " + tmp.resolve("cmp-fifo")},
            {"--keystore-password-file: " + tmp.resolve("huge.yaml") + ": larger than", "verify --sign --keystore "
                + tmp.resolve("afile") + " --alias me --keystore-password-file " + tmp.resolve("huge.yaml") + " " + tmp.resolve("cmp-ok")},
            {"--keystore-password-file: /dev/zero: not a regular file", "verify --sign --keystore " + tmp.resolve("afile")
                + " --alias me --keystore-password-file /dev/zero " + tmp.resolve("cmp-ok")},
            {"--keystore-password-file", "verify --sign --keystore " + tmp.resolve("afile") + " --alias me --keystore-password-file "
                + tmp.resolve("fifo") + " " + tmp.resolve("cmp-ok")},
            {"--keystore-password-file: " + tmp.resolve("empty"), "verify --sign --keystore " + tmp.resolve("afile")
                + " --alias me --keystore-password-file " + tmp.resolve("empty") + " " + tmp.resolve("cmp-ok")},
            {"--keystore-password-file: " + tmp.resolve("missing") + ": does not exist", "verify --sign --keystore "
                + tmp.resolve("afile") + " --alias me --keystore-password-file " + tmp.resolve("missing") + " " + tmp.resolve("cmp-ok")},
            {"--trust: " + tmp.resolve("huge.yaml"), "verify --trust " + tmp.resolve("huge.yaml") + " " + tmp.resolve("cmp-ok")},
            {"--trust", "verify --trust /dev/zero " + tmp.resolve("cmp-ok")},
        };
        for (String[] line : lines) {
            c.add(new BadInputFuzzTest.Case(line[0], List.of(line[1].split(" "))));
        }
        return c;
    }
}
