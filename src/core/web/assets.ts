// The panel's one stylesheet and one script, served from /panel/assets/ under a content hash
// (cached for a year; a new build has a new address). No inline script or style anywhere, so
// the Content-Security-Policy can forbid them (core/web/headers.ts).
import crypto from 'node:crypto';

const CSS = `
:root{--fg:#1b1f24;--muted:#5b6470;--line:#d9dee4;--bg:#f5f7f9;--card:#fff;--brand:#0b5cad;--brand-fg:#fff;--ok:#1e7b34;--warn:#9a5b00;--bad:#b42318;--radius:8px}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:break-word}
a{color:var(--brand)}
header.top{background:var(--card);border-bottom:1px solid var(--line)}
header.top .bar{display:flex;flex-wrap:nowrap;align-items:center;gap:.5rem 1rem;max-width:72rem;margin:0 auto;padding:.6rem 1rem}
header.top .dealer{font-weight:600;margin-right:auto;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
header.top .bar .signout{padding:.3rem .7rem;min-height:36px;font-weight:500}
nav.main{max-width:72rem;margin:0 auto;padding:0 1rem .4rem;display:flex;flex-wrap:wrap;gap:.25rem}
nav.main a{padding:.35rem .6rem;border-radius:6px;text-decoration:none;color:var(--fg)}
nav.main a[aria-current=page]{background:var(--brand);color:var(--brand-fg)}
nav.main .count{display:inline-block;min-width:1.4rem;padding:0 .35rem;border-radius:999px;background:var(--bad);color:#fff;font-size:.8rem;font-weight:700;text-align:center}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
details.fold>summary{cursor:pointer;font-weight:600;padding:.5rem 0;min-height:44px}
ul.waiting,ul.inbox{list-style:none;margin:0;padding:0}
ul.waiting li,ul.inbox li{display:flex;gap:.75rem;align-items:flex-start;padding:.6rem 0;border-bottom:1px solid var(--line)}
ul.waiting li:last-child,ul.inbox li:last-child{border-bottom:none}
.thumb{flex:0 0 auto;width:64px;height:48px;border-radius:6px;object-fit:cover;background:#e6e9ed}
.grow{flex:1 1 auto;min-width:0}
.age{flex:0 0 auto;white-space:nowrap;font-size:.85rem}
.line1{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.thread article{max-width:40rem}
.thread article[data-author=dealer],.thread article[data-author=note]{margin-left:auto;background:#eef5fc}
.replies-pick{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}
.replies-pick select{flex:1 1 12rem;width:auto}
.replies-pick label{margin-top:0}
.convo{display:grid;gap:0 1rem;grid-template-columns:minmax(0,1fr)}
@media (min-width:60rem){.convo{grid-template-columns:minmax(0,2fr) minmax(16rem,1fr)}.convo-side{padding-top:3.2rem}}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.25rem 0 1rem}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:1rem;margin:0 0 1rem}
.narrow{max-width:28rem;margin:2rem auto}
.card>h2:first-child,.card>h3:first-child{margin-top:0}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(14rem,100%),1fr))}
.grid>*,.filters>*{min-width:0}
.stat{font-size:1.75rem;font-weight:600}
.stat-grid{display:grid;gap:.5rem;grid-template-columns:repeat(3,minmax(0,1fr));margin:0 0 1rem}
.stat-grid .stat-card{display:flex;flex-direction:column;align-items:flex-start;gap:.15rem;margin:0;padding:.45rem;text-decoration:none;color:var(--fg)}
.stat-grid .stat{font-size:1.35rem;line-height:1.2}
.stat-grid .badge{white-space:normal;overflow-wrap:normal;max-width:100%;padding:.05rem .35rem;border-radius:6px;font-size:.75rem}
@media (min-width:48rem){.stat-grid{grid-template-columns:repeat(6,minmax(0,1fr))}}
.muted{color:var(--muted)}
.table-wrap{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%}
th,td{hyphens:manual}
th{overflow-wrap:normal;word-break:keep-all}
.num,.date,.nowrap{white-space:nowrap}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
table{border-collapse:collapse;width:100%;background:var(--card)}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.85rem;color:var(--muted);font-weight:600}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],input[type=email],input[type=tel],input[type=password],input[type=url],input[type=search],select,textarea{width:100%;max-width:100%;padding:.55rem .6rem;border:1px solid #aab2bc;border-radius:6px;font:inherit;background:#fff}
textarea{min-height:7rem}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
button,.button{display:inline-block;padding:.55rem 1rem;border-radius:6px;border:1px solid var(--brand);background:var(--brand);color:var(--brand-fg);font:inherit;font-weight:600;cursor:pointer;text-decoration:none;min-height:44px}
button.secondary,.button.secondary{background:#fff;color:var(--brand)}
button.danger{background:#fff;color:var(--bad);border-color:var(--bad)}
button.link{background:none;border:none;color:var(--brand);padding:0;min-height:0;font-weight:400;text-decoration:underline}
form.inline{display:inline}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem;align-items:center}
.filters{display:grid;gap:.5rem;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));align-items:end}
.filters label{margin:0 0 .25rem}
.notice{border-radius:var(--radius);padding:.75rem 1rem;margin:0 0 1rem;border:1px solid}
.notice.ok{background:#e8f5ec;border-color:#9fd3ad}
.notice.bad{background:#fdecea;border-color:#f1aaa4}
.notice.warn{background:#fff4e0;border-color:#f0c987}
.secret{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.secret code{background:#eef1f4;padding:.5rem;border-radius:6px;word-break:break-all;flex:1 1 16rem}
.badge{display:inline-block;padding:.05rem .5rem;border-radius:999px;font-size:.8rem;font-weight:600;border:1px solid var(--line);background:#eef1f4;white-space:nowrap}
.badge.ok{background:#e8f5ec;color:var(--ok);border-color:#9fd3ad}
.badge.warn{background:#fff4e0;color:var(--warn);border-color:#f0c987}
.badge.bad{background:#fdecea;color:var(--bad);border-color:#f1aaa4}
.pager{display:flex;justify-content:space-between;gap:1rem;margin:1rem 0}
dl.fields{display:grid;grid-template-columns:minmax(7rem,12rem) minmax(0,1fr);gap:.25rem 1rem;margin:0}
dl.fields dt{color:var(--muted)}
dl.fields dd{margin:0}
.photos{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr))}
.photos figure{margin:0}
.photos img{width:100%;height:auto;border-radius:6px;background:#e6e9ed}
.field-error{color:var(--bad);font-size:.9rem;margin:.25rem 0 0}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.chart{margin:0 0 1.25rem}
.chart figcaption h3{margin:0;font-size:1rem}
.chart figcaption p{margin:.1rem 0 .4rem}
.chart-plot{position:relative;padding-top:1.2rem}
.chart-max{position:absolute;top:0;left:0;font-size:.8rem}
.chart svg{display:block;width:100%;height:9rem;background:#fafbfc;border-radius:4px}
.chart-axis{display:flex;justify-content:space-between;font-size:.8rem;margin-top:.2rem}
.chart details{margin-top:.4rem}
.chart summary{cursor:pointer;color:var(--brand);min-height:24px}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0 0 .25rem;font-size:.85rem}
.swatch{display:inline-block;width:.8rem;height:.8rem;border-radius:2px;margin-right:.35rem;vertical-align:-1px}
.swatch.s0{background:#0b5cad}
.swatch.s1{background:#1e7b34}
.swatch.s2{background:#9a5b00}
.range{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem}
.range a{padding:.35rem .75rem;border:1px solid var(--line);border-radius:999px;text-decoration:none;background:var(--card)}
.range a[aria-current=page]{background:var(--brand);color:var(--brand-fg);border-color:var(--brand)}
.totals{display:grid;gap:.5rem;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));margin:0 0 1rem}
.totals div{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:.5rem .75rem}
.totals dt{color:var(--muted);font-size:.85rem}
.totals dd{margin:0;font-size:1.4rem;font-weight:600}
tr.linked{position:relative}
tr.linked:hover{background:#f5f7fa}
tr.linked a.row-link::after{content:'';position:absolute;inset:0}
.car-form .field{margin:0 0 .75rem}
.car-form .field input:not([type=checkbox]):not([type=file]),.car-form textarea{width:100%;max-width:32rem;box-sizing:border-box}
.car-form fieldset{border:1px solid var(--line);border-radius:var(--radius);margin:0 0 1rem;padding:.5rem .75rem}
.car-form .pos{width:3.5rem}
.car-form input[type=number]{width:8rem;padding:.55rem .6rem;border:1px solid #aab2bc;border-radius:6px;font:inherit;background:#fff}
.car-form [aria-invalid=true]{border:2px solid var(--bad)}
.car-form .field select{max-width:32rem}
.car-form label.check{display:block;font-weight:normal;margin-top:.25rem}
/* P137: the localized file control (core/web/file-input.ts); the input hidden but focusable. */
.file-pick{position:relative;display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center}
.file-pick .file-input{position:absolute;left:0;top:0;width:1px;height:1px;opacity:0;overflow:hidden}
.file-pick label.button{margin:0;font-weight:600}
.file-pick .file-input:focus-visible+label{outline:3px solid var(--brand);outline-offset:2px}
.file-chosen{font-size:.9rem;min-width:0;overflow-wrap:anywhere}
/* P244: the price preview under the car form's price field. */
.price-preview{max-width:32rem;margin:.5rem 0 1rem;padding:.6rem .75rem;border:1px solid var(--line);border-left:4px solid var(--brand);border-radius:var(--radius);background:#fafbfc}
.price-preview h3{margin:0 0 .25rem;font-size:1rem}
.price-preview p{margin:.25rem 0}
.price-preview .preview-at .badge{font-size:.95rem;padding:.1rem .6rem}
.price-preview[aria-busy=true],#price-preview[aria-busy=true]{opacity:.6}
/* P216: the notifications card shows one state and one button at a time (buttons' display would beat [hidden]). */
#push [hidden]{display:none}
.skip{position:absolute;left:-999px}
.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
@media (max-width:40rem){
 main{padding:.75rem}
 h1{font-size:1.3rem}
 dl.fields{grid-template-columns:minmax(0,1fr)}
 header.top .who{display:none}
 nav.main a{padding:.3rem .5rem}
 dl.fields dd{margin-bottom:.5rem}
 table.stack thead{display:none}
 table.stack tr{display:block;border-bottom:1px solid var(--line);padding:.4rem 0}
 table.stack td{display:block;border:none;padding:.15rem .5rem}
 table.stack td:empty{display:none}
 table.stack td.num{text-align:left}
 table.stack td.nowrap::before{display:block}
 table.stack td[data-label]::before{content:attr(data-label) ": ";color:var(--muted);font-size:.85rem}
}
`;

// Progressive only: every page works without it. Copy buttons, a confirmation before a form
// marked data-confirm is sent, and a saved reply inserted at the cursor (data-insert).
const JS = `
document.addEventListener('click', function (e) {
  var b = e.target.closest && e.target.closest('[data-copy]');
  if (!b) return;
  var el = document.getElementById(b.getAttribute('data-copy'));
  if (!el || !navigator.clipboard) return;
  navigator.clipboard.writeText(el.textContent.trim()).then(function () {
    var was = b.textContent; b.textContent = b.getAttribute('data-copied') || was;
    setTimeout(function () { b.textContent = was; }, 2000);
  });
});
document.addEventListener('submit', function (e) {
  var f = e.target;
  var q = f.getAttribute && f.getAttribute('data-confirm');
  if (q && !window.confirm(q)) e.preventDefault();
});
// A saved reply (P102) inserted where the cursor is in the reply box, what was typed kept.
document.addEventListener('submit', function (e) {
  var f = e.target;
  var id = f.getAttribute && f.getAttribute('data-insert');
  var box = id && document.getElementById(id);
  var sel = box && f.querySelector('select');
  var opt = sel && sel.options[sel.selectedIndex];
  if (!opt) return;
  e.preventDefault();
  var text = opt.getAttribute('data-text') || '';
  var a = box.selectionStart, b = box.selectionEnd;
  if (typeof a !== 'number') { a = b = box.value.length; }
  // Apart from the text around it (issue 37): two replies in a row are kept apart by a line break, not glued ("…de 9 a 18.Sí, tomamos…").
  if (a > 0 && !/\\n$/.test(box.value.slice(0, a))) text = '\\n' + text;
  if (b < box.value.length && !/^\\n/.test(box.value.slice(b))) text = text + '\\n';
  box.setRangeText(text, a, b, 'end');
  box.focus();
  // The WhatsApp button sends the chosen reply (D42).
  document.querySelectorAll('[data-saved-choice]').forEach(function (h) { h.value = opt.value; });
});
document.querySelectorAll('[data-copy]').forEach(function (b) { b.hidden = false; });
// The localized file control (P137): the line under it names the file chosen, or counts them.
document.addEventListener('change', function (e) {
  var input = e.target;
  if (!input.classList || !input.classList.contains('file-input')) return;
  var line = document.getElementById(input.id + '-chosen');
  if (!line) return;
  var n = input.files ? input.files.length : 0;
  line.textContent = n === 0 ? line.getAttribute('data-none') : n === 1 ? input.files[0].name : line.getAttribute('data-many').replace('{n}', String(n));
});
document.querySelectorAll('.file-chosen').forEach(function (l) { l.hidden = false; });
// The new-car form (P138): the model's type-ahead lists the chosen brand's models only.
(function () {
  var brand = document.querySelector('input[data-models]');
  var list = brand && document.getElementById(brand.getAttribute('data-models'));
  if (!list) return;
  var all = Array.prototype.slice.call(list.querySelectorAll('option'));
  var key = function (s) { return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().replace(/\s+/g, ' ').toLowerCase(); };
  var slugOf = function () {
    var k = key(brand.value);
    var opts = brand.list ? brand.list.querySelectorAll('option') : [];
    for (var i = 0; i < opts.length; i++) if (key(opts[i].value) === k || opts[i].getAttribute('data-slug') === k) return opts[i].getAttribute('data-slug');
    return null;
  };
  var fill = function () {
    var slug = slugOf();
    var keep = all.filter(function (o) { return !slug || o.getAttribute('data-brand') === slug; });
    list.replaceChildren.apply(list, keep);
  };
  brand.addEventListener('input', fill);
  brand.addEventListener('change', fill);
  fill();
})();
// The installable panel (P218): its service worker keeps the inbox readable offline.
if ('serviceWorker' in navigator) navigator.serviceWorker.register('/panel/sw.js', { scope: '/panel' }).catch(function () {});
// Phone notifications (P216): My account's card. Permission is asked only on the click; the
// browser's subscription goes to the server in the card's form (CSRF as every form).
(function () {
  var card = document.querySelector('[data-push-key]');
  if (!card) return;
  var form = card.querySelector('[data-push-form]');
  var on = card.querySelector('[data-push-on]'), off = card.querySelector('[data-push-off]');
  var show = function (state) {
    card.querySelectorAll('[data-push-state]').forEach(function (p) { p.hidden = p.getAttribute('data-push-state') !== state; });
    on.hidden = state !== 'off';
    off.hidden = state !== 'on';
  };
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return show('unsupported');
  var key = card.getAttribute('data-push-key');
  var bytes = function (b64) {
    var s = atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((b64.length + 3) % 4));
    var out = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  };
  var b64 = function (buf) {
    var s = '', a = new Uint8Array(buf);
    for (var i = 0; i < a.length; i++) s += String.fromCharCode(a[i]);
    return btoa(s).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  };
  var send = function (sub, action) {
    form.action = action;
    form.elements.endpoint.value = sub.endpoint;
    if (sub.getKey) {
      form.elements.p256dh.value = b64(sub.getKey('p256dh'));
      form.elements.auth.value = b64(sub.getKey('auth'));
    }
    form.submit();
  };
  var sameKey = function (sub) {
    var k = sub.options && sub.options.applicationServerKey;
    return !k || b64(k) === key;
  };
  var ready = navigator.serviceWorker.ready;
  ready.then(function (reg) { return reg.pushManager.getSubscription(); }).then(function (sub) {
    if (Notification.permission === 'denied') return show('blocked');
    show(sub && sameKey(sub) ? 'on' : 'off');
  }, function () { show('unsupported'); });
  on.addEventListener('click', function () {
    on.disabled = true;
    Notification.requestPermission().then(function (p) {
      if (p !== 'granted') { on.disabled = false; return show(p === 'denied' ? 'blocked' : 'off'); }
      return ready.then(function (reg) {
        return reg.pushManager.getSubscription().then(function (old) {
          // A subscription made for other keys (the operator changed them) is renewed.
          return old && !sameKey(old) ? old.unsubscribe() : null;
        }).then(function () {
          return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
        });
      }).then(function (sub) { send(sub, '/panel/account/push'); });
    }).catch(function () { on.disabled = false; show('failed'); on.hidden = false; });
  });
  off.addEventListener('click', function () {
    off.disabled = true;
    ready.then(function (reg) { return reg.pushManager.getSubscription(); }).then(function (sub) {
      if (!sub) return show('off');
      var endpoint = sub.endpoint;
      return sub.unsubscribe().then(function () { send({ endpoint: endpoint }, '/panel/account/push/off'); });
    }).catch(function () { off.disabled = false; show('failed'); });
  });
})();
// The car form's price preview (D44, P244): the rating of the price typed, asked for as it is
// typed (a GET: it changes nothing); the answer is the server's own markup, its words escaped.
// Without the script, the button sends the form back with the preview instead.
(function () {
  var box = document.querySelector('[data-preview-url]');
  var input = box && document.getElementById(box.getAttribute('data-preview-for'));
  if (!input) return;
  // The currency, where the form offers a choice: a price in another one is not rated against these cars.
  var money = document.getElementById('c-currency');
  var query = function () { return '?price=' + encodeURIComponent(input.value) + (money ? '&currency=' + encodeURIComponent(money.value) : ''); };
  var timer, asked = 0, last = query();
  var ask = function () {
    var q = query();
    if (q === last) return;
    last = q;
    var n = ++asked;
    box.setAttribute('aria-busy', 'true');
    fetch(box.getAttribute('data-preview-url') + q, { credentials: 'same-origin' })
      .then(function (r) {
        // 422: what was typed is no price, and the answer says so. A redirect is the sign-in page.
        if (r.redirected || (!r.ok && r.status !== 422)) throw new Error(String(r.status));
        return r.text();
      })
      .then(function (markup) { if (n === asked) box.innerHTML = markup; })
      .catch(function () { if (n === asked) { last = null; box.textContent = box.getAttribute('data-failed'); } })
      .then(function () { if (n === asked) box.removeAttribute('aria-busy'); });
  };
  input.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(ask, 300); });
  if (money) money.addEventListener('change', ask);
  var button = document.querySelector('[data-preview-button]');
  if (button) button.addEventListener('click', function (e) { e.preventDefault(); clearTimeout(timer); last = null; ask(); });
})();
`;

/** A script or stylesheet served under its content hash (cached for a year). */
export function asset(body: string, type: string) {
  const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { body, type, hash };
}

export const ASSETS = {
  css: asset(CSS.trim(), 'text/css; charset=utf-8'),
  js: asset(JS.trim(), 'text/javascript; charset=utf-8'),
};

export const cssHref = `/panel/assets/panel.${ASSETS.css.hash}.css`;
export const jsHref = `/panel/assets/panel.${ASSETS.js.hash}.js`;
