package org.tilemark.workloads.mail;

import org.tilemark.workloads.guest.RunningGuest;

/** A serving mail VM, whichever server: SMTP is its primary port, IMAP the other. */
interface MailGuest extends RunningGuest {

    @Override
    default int port() {
        return ports().get("smtp");
    }
}
