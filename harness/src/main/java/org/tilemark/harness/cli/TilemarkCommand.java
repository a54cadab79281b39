package org.tilemark.harness.cli;

import org.springframework.stereotype.Component;
import picocli.CommandLine.Command;

@Component
@Command(name = "tilemark", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Open multi-host consolidation benchmark: tiles of application VMs under throttled load, scored VMmark-style.",
        subcommands = {RunCommand.class, SearchCommand.class, CompareCommand.class, ValidateCommand.class, CleanupCommand.class,
                ReportCommand.class, VerifyCommand.class, OlioCommand.class, StorageCommand.class, ImageCommand.class,
                ServeCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:compliant (or command succeeded)", "1:completed but non-compliant", "2:bad input",
                "3:platform or runtime failure"})
public class TilemarkCommand {
}
