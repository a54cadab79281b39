// The live page: the token comes once in the URL, is kept for this tab only and removed from the
// address bar; every API call sends it. Data is shown with textContent only (bundle names are not markup).
'use strict';
(function () {
  const given = new URLSearchParams(location.search).get('token');
  if (given) {
    sessionStorage.setItem('tilemark-token', given);
    history.replaceState(null, '', location.pathname);
  }
  const token = sessionStorage.getItem('tilemark-token') || '';
  const auth = { headers: { Authorization: 'Bearer ' + token } };
  const $ = (id) => document.getElementById(id);

  function cell(row, text, cls) {
    const td = document.createElement('td');
    td.textContent = text === null || text === undefined ? '' : String(text);
    if (cls) td.className = cls;
    row.appendChild(td);
  }
  function fill(table, items, render) {
    const body = $(table).querySelector('tbody');
    body.replaceChildren();
    items.forEach((item) => { const tr = document.createElement('tr'); render(tr, item); body.appendChild(tr); });
  }
  const num = (v, digits) => (v === null || v === undefined ? '' : Number(v).toFixed(digits));

  function show(view) {
    const i = view.interval;
    $('status').textContent = view.status + (view.runId ? ' — run ' + view.runId : '');
    $('phase').textContent = !i ? '' : i.warmup ? 'warm-up' : 'phase ' + i.phase + ' of ' + i.phases;
    $('left').textContent = !i ? '' : ', ' + i.phaseSecondsLeft + ' s left in it, ' + i.runSecondsLeft + ' s left in the run';
    $('cluster-cpu').textContent = !i ? '' : 'cluster CPU over the last interval: '
      + (i.clusterCpuPercent === null ? 'not known on this platform' : num(i.clusterCpuPercent, 1) + ' % of all cores');
    fill('workloads', i ? i.workloads : [], (tr, w) => {
      cell(tr, w.tile); cell(tr, w.workload);
      cell(tr, num(w.throughput, 1) + ' ' + w.metricUnit, 'num'); cell(tr, num(w.target, 1), 'num');
      cell(tr, w.headlineOperation); cell(tr, num(w.p95Ms, 0), 'num'); cell(tr, num(w.p90Ms, 0), 'num');
      cell(tr, w.qosLimitMs === null ? '' : 'p' + w.qosPercentile + ' ≤ ' + num(w.qosLimitMs, 0) + ' ms', 'num');
      cell(tr, w.qosPassed ? 'passing' : 'FAILING: ' + w.qosReasons.join('; '), w.qosPassed ? 'pass' : 'fail');
      cell(tr, num(w.scheduleLagP99Ms, 0), 'num'); cell(tr, w.errors, 'num');
    });
    fill('events', view.events.slice().reverse(), (tr, e) => { cell(tr, e.at); cell(tr, e.what, 'fail'); });
    fill('operations', view.operations.slice().reverse(), (tr, op) => {
      // A move the platform made on its own (DRS) is shown as such: it is not one of the run's operations.
      cell(tr, op.end); cell(tr, op.operation + (op.initiator === 'platform' ? ' (' + op.cause + ', platform-initiated)' : '')); cell(tr, op.vm);
      cell(tr, op.from ? op.from.host + ' ' + op.from.datastore : ''); cell(tr, op.to ? op.to.host + ' ' + op.to.datastore : '');
      cell(tr, op.durationMs == null ? '' : num(op.durationMs / 1000, 1), 'num'); cell(tr, op.outcome + (op.error ? ': ' + op.error : ''), op.outcome === 'failed' ? 'fail' : '');
    });
    if (view.search) showSearch(view.search);
    $('verdict').textContent = view.verdict ? 'Verdict: ' + view.verdict + (view.scoreLine ? ' — ' + view.scoreLine : '') : '';
    $('stop').disabled = view.status !== 'running';
    if (view.status === 'finished') loadBundles();
  }

  function link(href, text) {
    const a = document.createElement('a');
    a.href = href; a.textContent = text; a.target = '_blank'; a.rel = 'noopener';
    return a;
  }
  function pick(tr, side, id) {
    const td = document.createElement('td');
    const radio = document.createElement('input');
    radio.type = 'radio'; radio.name = side; radio.value = id; radio.id = side + '-' + id;
    radio.addEventListener('change', chosen);
    td.appendChild(radio);
    tr.appendChild(td);
  }
  const picked = (side) => { const r = document.querySelector('input[name="' + side + '"]:checked'); return r ? r.value : null; };
  function chosen() { $('compare').disabled = !picked('a') || !picked('b') || picked('a') === picked('b'); }

  // The search: its steps so far and the scaling chart (score by tiles), redrawn at every step.
  function showSearch(search) {
    $('search').hidden = false;
    $('search-status').textContent = 'search ' + search.searchId + ', tiles ' + search.startTiles + ' to at most '
      + search.maxTiles + ': ' + (search.headline || search.steps.length + ' step(s) so far');
    fill('steps', search.steps, (tr, s) => {
      cell(tr, s.step, 'num');
      cell(tr, s.tiles + (s.repeat ? ' (repeat)' : '') + (s.remeasure ? ' (measured again)' : ''), 'num');
      // a one-run search's step names its measured phases; a series' step is a run of its own
      cell(tr, s.phases ? s.phases.join(', ') : '', 'num');
      cell(tr, s.verdict, s.verdict === 'compliant' ? 'pass' : 'fail'); cell(tr, num(s.score, 3), 'num');
      cell(tr, s.confidence ? num(s.confidence.low, 3) + ' – ' + num(s.confidence.high, 3) : '', 'num');
      cell(tr, s.reasons.join('; '));
    });
    drawScaling(search);
  }

  function svg(parent, name, attributes, text) {
    const e = document.createElementNS('http://www.w3.org/2000/svg', name);
    Object.entries(attributes).forEach(([k, v]) => e.setAttribute(k, String(v)));
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }

  function drawScaling(search) {
    const chart = $('scaling');
    chart.replaceChildren();
    const w = 640, h = 280, left = 50, bottom = 30, top = 10, right = 10;
    const steps = search.steps.filter((s) => s.score !== null);
    // The x axis grows with the tiles tried, as the search doubles them.
    const maxTiles = Math.max(search.startTiles, ...search.steps.map((s) => s.tiles)) + 1;
    const maxScore = Math.max(...steps.map((s) => s.confidence ? s.confidence.high : s.score), 1) * 1.1;
    const x = (t) => left + (t / maxTiles) * (w - left - right);
    const y = (v) => h - bottom - (v / maxScore) * (h - top - bottom);
    svg(chart, 'line', { x1: left, y1: h - bottom, x2: w - right, y2: h - bottom, stroke: '#888' });
    svg(chart, 'line', { x1: left, y1: top, x2: left, y2: h - bottom, stroke: '#888' });
    svg(chart, 'text', { x: w / 2, y: h - 5, 'text-anchor': 'middle', 'font-size': 12 }, 'tiles');
    svg(chart, 'text', { x: 5, y: top + 10, 'font-size': 12 }, 'score');
    for (let t = 1; t < maxTiles; t += Math.max(1, Math.ceil(maxTiles / 10))) {
      svg(chart, 'text', { x: x(t), y: h - bottom + 14, 'text-anchor': 'middle', 'font-size': 11 }, t);
    }
    [0, 0.5, 1].forEach((f) => svg(chart, 'text', { x: left - 5, y: y(maxScore * f) + 4, 'text-anchor': 'end', 'font-size': 11 },
      num(maxScore * f, 2)));
    const passed = steps.filter((s) => s.verdict === 'compliant').sort((a, b) => a.tiles - b.tiles);
    if (passed.length > 1) {
      svg(chart, 'polyline', { points: passed.map((s) => x(s.tiles) + ',' + y(s.score)).join(' '), fill: 'none', stroke: '#176f2c' });
    }
    steps.forEach((s) => {
      const colour = s.verdict === 'compliant' ? '#176f2c' : '#b00020';
      if (s.confidence) svg(chart, 'line', { x1: x(s.tiles), x2: x(s.tiles), y1: y(s.confidence.low), y2: y(s.confidence.high), stroke: colour });
      svg(chart, 'circle', { cx: x(s.tiles), cy: y(s.score), r: 4, fill: colour, 'data-tiles': s.tiles });
    });
  }

  function loadBundles() {
    fetch('api/bundles', auth).then((r) => (r.ok ? r.json() : Promise.reject(r.status))).then((bundles) => {
      const a = picked('a'); const b = picked('b');
      fill('bundles', bundles, (tr, bundle) => {
        pick(tr, 'a', bundle.id); pick(tr, 'b', bundle.id);
        cell(tr, bundle.id); cell(tr, bundle.startedAt); cell(tr, bundle.verdict, bundle.verdict === 'compliant' ? 'pass' : '');
        cell(tr, bundle.scoreLine || bundle.problem);
        const td = document.createElement('td');
        // The link needs no token: the session cookie (HttpOnly, reading only) opens it.
        if (bundle.report) td.appendChild(link('results/' + encodeURIComponent(bundle.id) + '/report.html', 'report'));
        tr.appendChild(td);
      });
      [['a', a], ['b', b]].forEach(([side, id]) => { const r = id && document.getElementById(side + '-' + id); if (r) r.checked = true; });
      chosen();
    }).catch((status) => { $('problem').textContent = 'results: HTTP ' + status + (status === 401 ? ' (open the URL the server printed)' : ''); });
  }

  $('compare').addEventListener('click', () => {
    $('compare').disabled = true;
    $('compare-output').textContent = 'comparing ...';
    $('compare-report').replaceChildren();
    fetch('api/compare', { method: 'POST', headers: { Authorization: auth.headers.Authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ a: picked('a'), b: picked('b') }) })
      .then((r) => r.json().then((answer) => ({ ok: r.ok, answer })))
      .then(({ ok, answer }) => {
        $('compare-output').textContent = ok ? answer.output : 'compare refused: ' + answer.error;
        if (ok) $('compare-report').appendChild(link(answer.report, 'compare report ' + answer.id));
      })
      .catch(() => { $('compare-output').textContent = 'compare failed: server not reachable'; })
      .finally(chosen);
  });

  $('stop').addEventListener('click', () => {
    if (!confirm('Stop the run? Measured intervals are kept; the verdict will be "aborted".')) return;
    fetch('api/run/stop', { method: 'POST', headers: auth.headers })
      .then((r) => { $('status').textContent = r.ok ? 'stopping ...' : 'stop refused: HTTP ' + r.status; });
  });

  const events = new EventSource('api/live/events?token=' + encodeURIComponent(token));
  events.addEventListener('live', (e) => show(JSON.parse(e.data)));
  events.onerror = () => { $('status').textContent += ' (server not reachable: the last state stays shown)'; events.close(); };
  fetch('api/session', { method: 'POST', headers: auth.headers }).finally(loadBundles);
})();
