package org.tilemark.workloads.olio;

/**
 * The Groovy scripts of the Olio plan. They are strings, not Java lambdas, so an exported .jmx runs
 * in stock JMeter. They read their settings from the plan's variables ({@code olio_*}) and keep each
 * user's state in its thread's variables. No {@code ${...}} inside: JMeter would substitute it.
 *
 * <p>Per-thread variables: {@code olio_op} the operation of this cycle, {@code olio_intended_ns}
 * its intended start (epoch nanoseconds), {@code olio_gap_ns} the intended gap from the previous
 * cycle's intended start, {@code olio_cycle_first} whether the cycle's first sample is still to come.
 */
final class OlioScripts {

    /** Variable holding the cycle's intended start, epoch nanoseconds. */
    static final String INTENDED_NS = "olio_intended_ns";
    static final String GAP_NS = "olio_gap_ns";
    static final String CYCLE_FIRST = "olio_cycle_first";
    static final String PREVIOUS_ACTUAL_NS = "olio_prev_actual_ns";
    static final String LOGOUT_FAILED = "olio_logout_failed";

    private OlioScripts() {
    }

    /** Once per user: where its schedule starts, and whether its browser cache starts warm. */
    static String init() {
        return """
                long originMs = Long.parseLong(vars.get('olio_origin_ms'))
                if (originMs <= 0) { originMs = System.currentTimeMillis() }
                double meanNs = Double.parseDouble(vars.get('olio_cycle_ms')) * 1.0e6d
                def random = java.util.concurrent.ThreadLocalRandom.current()
                // first intended starts spread over one mean cycle, so users do not arrive in lockstep
                vars.put('olio_next_intended_ns', String.valueOf(originMs * 1000000L + (long) (random.nextDouble() * meanNs)))
                // spread the empty-cache users evenly over the thread numbers: exactly round(n x p) of them
                int n = ctx.getThreadNum()
                double emptyShare = Double.parseDouble(vars.get('olio_empty_cache_percent')) / 100.0d
                boolean empty = Math.floor((n + 1) * emptyShare + 1.0e-9d) > Math.floor(n * emptyShare + 1.0e-9d)
                vars.put('olio_warm', empty ? 'false' : 'true')
                vars.put('olio_logged_in', 'false')
                """;
    }

    /** Every cycle: the next operation by the Markov chain, its inputs, and its intended start. */
    static String schedule() {
        return """
                def ops = %s
                def matrix = %s
                def random = java.util.concurrent.ThreadLocalRandom.current()
                String previous = vars.get('olio_op')
                String op = '%s'
                if (previous != null) {
                    def row = matrix[ops.indexOf(previous)]
                    double draw = random.nextDouble() * row.sum()
                    op = ops[ops.size() - 1]
                    for (int i = 0; i < row.size(); i++) {
                        draw -= row[i]
                        if (draw < 0) { op = ops[i]; break }
                    }
                }
                vars.put('olio_op', op)
                boolean loggedIn = vars.get('olio_logged_in') == 'true'
                // Faban: a Login while logged in is a logout followed by a login
                vars.put('olio_logout_first', String.valueOf(op == 'Login' && loggedIn))
                vars.put('olio_logout_failed', 'false')
                double attendPercent = Double.parseDouble(vars.get('olio_attend_percent'))
                vars.put('olio_attend', String.valueOf(op == 'EventDetail' && loggedIn && random.nextDouble() * 100.0d < attendPercent))
                int loadedUsers = Integer.parseInt(vars.get('olio_loaded_users'))
                vars.put('olio_user', String.valueOf(1 + random.nextInt(loadedUsers)))
                def pick = { String key, String fallback ->
                    def seen = vars.getObject(key)
                    seen ? seen[random.nextInt(seen.size())] : fallback
                }
                vars.put('olio_event_id', pick('olio_seen_events', '1'))
                vars.put('olio_person_id', pick('olio_seen_people', String.valueOf(1 + random.nextInt(loadedUsers))))
                vars.put('olio_tag', pick('olio_seen_tags', 'tag1'))
                def seenTags = vars.getObject('olio_seen_tags') ?: ['tilemark']
                vars.put('olio_event_tags', (1..3).collect { seenTags[random.nextInt(seenTags.size())] }.unique().join(' '))
                String unique = Long.toString(System.nanoTime(), 36) + ctx.getThreadNum() + random.nextInt(1000000)
                vars.put('olio_unique', unique)
                def when = java.time.LocalDateTime.now().plusDays(1 + random.nextInt(300))
                vars.put('olio_year', String.valueOf(when.getYear()))
                vars.put('olio_month', String.valueOf(when.getMonthValue()))
                vars.put('olio_day', String.valueOf(when.getDayOfMonth()))
                vars.put('olio_hour', String.valueOf(7 + random.nextInt(15)))
                vars.put('olio_minute', String.valueOf(15 * random.nextInt(4)))
                // negative-exponential start-to-start gap, truncated at maxCycleFactor x mean
                double meanNs = Double.parseDouble(vars.get('olio_cycle_ms')) * 1.0e6d
                double maxNs = meanNs * Double.parseDouble(vars.get('olio_max_cycle_factor'))
                long gap = (long) Math.min(-meanNs * Math.log(1.0d - random.nextDouble()), maxNs)
                String lastIntended = vars.get('olio_intended_ns')
                long intended = Long.parseLong(vars.get('olio_next_intended_ns'))
                if (lastIntended == null) {
                    // A user arrives once its thread is up and its cache primed: on a busy machine JMeter
                    // can take seconds to get there, and the schedule starts then instead of behind.
                    intended = Math.max(intended, System.currentTimeMillis() * 1000000L)
                }
                vars.put('olio_gap_ns', lastIntended == null ? '' : String.valueOf(intended - Long.parseLong(lastIntended)))
                vars.put('olio_intended_ns', String.valueOf(intended))
                vars.put('olio_next_intended_ns', String.valueOf(intended + gap))
                vars.put('olio_cycle_first', 'true')
                """.formatted(OlioMarkovChain.groovyOperations(), OlioMarkovChain.groovyMatrix(),
                OlioMarkovChain.FIRST_OPERATION);
    }

    /**
     * The timer: waits until the cycle's intended start, computed from the variable, so a slow
     * response shortens the next wait instead of shifting the whole schedule.
     */
    static String waitForIntendedStart() {
        return """
                long intended = Long.parseLong(vars.get('olio_intended_ns'))
                def now = java.time.Instant.now()
                long nowNs = now.getEpochSecond() * 1000000000L + now.getNano()
                return Math.max(0L, (long) Math.ceil((intended - nowNs) / 1.0e6d))
                """;
    }

    /**
     * After every request: remember the events, tags and people the pages link to (the next
     * operations pick from them, as a browsing user would), track the login state, and fail a Login
     * the application refused.
     */
    static String afterRequest() {
        return """
                if (prev == null) { return }
                String label = prev.getSampleLabel()
                String body = prev.getResponseDataAsString()
                def remember = { String key, java.util.regex.Pattern pattern ->
                    def found = []
                    def matcher = pattern.matcher(body)
                    while (matcher.find()) { found << matcher.group(1) }
                    if (!found.isEmpty()) { vars.putObject(key, found.unique()) }
                }
                if (label == 'HomePage' || label == 'TagSearch') {
                    remember('olio_seen_events', java.util.regex.Pattern.compile('href="/events/(\\\\d+)"'))
                    remember('olio_seen_tags', java.util.regex.Pattern.compile('href="/tags\\\\?tag=([^"&]+)'))
                }
                if (label.startsWith('EventDetail')) {
                    remember('olio_seen_people', java.util.regex.Pattern.compile('href="/people/(\\\\d+)"'))
                }
                if (label == 'Login') {
                    boolean accepted = prev.isSuccessful() && !body.contains('login-failed')
                    if (prev.isSuccessful() && !accepted) {
                        prev.setSuccessful(false)
                        prev.setResponseMessage('login refused')
                    }
                    vars.put('olio_logged_in', String.valueOf(accepted))
                }
                if (label == 'Logout') {
                    vars.put('olio_logged_in', 'false')
                }
                """;
    }
}
