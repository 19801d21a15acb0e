import { Eta } from 'eta';

/*
 * The resident's pages (CONTRACT §12) as eta templates that escape every `<%= %>` by default;
 * `<%~ %>` only takes what `message()` made (escaped words, isolated values). No script, no
 * inline style, nothing from elsewhere: the page's CSP allows its one stylesheet and forms to itself.
 */

const LAYOUT = `<!doctype html>
<html lang="<%= it.lang %>" dir="<%= it.dir %>">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title><%= it.title %></title>
<link rel="stylesheet" href="/my/style.css">
</head>
<body>
<a class="skip" href="#main"><%~ it.t('page.skip') %></a>
<header class="brand"><div class="width"><p class="brand-name"><%= it.brand %></p></div></header>
<main id="main" class="width" tabindex="-1">
<%~ it.body %>
</main>
</body>
</html>
`;

const ERROR_SUMMARY = `<% if (it.errors.length > 0) { %>
<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title"><%~ it.t('error.summary') %></h2>
<ul>
<% for (const error of it.errors) { %><li><a href="#<%= error.field %>"><%~ error.html %></a></li><% } %>
</ul>
</div>
<% } %>`;

const REQUEST_FORM = `<section aria-labelledby="<%= it.kind %>-heading">
<h2 id="<%= it.kind %>-heading"><%~ it.heading %></h2>
<p class="hint"><%~ it.hint %></p>
<% if (it.options.length === 0) { %>
<p><%~ it.none %></p>
<% } else { %>
<form method="post" action="/my/<%= it.kind %><%= it.query %>" novalidate>
<input type="hidden" name="form_token" value="<%= it.formToken %>">
<input type="hidden" name="request_key" value="<%= it.requestKey %>">
<% const error = it.errorOf(it.kind + '-choice'); %>
<div class="field<%= error ? ' field-error' : '' %>">
<% if (it.kind === 'extra-pickup') { %>
<label for="<%= it.kind %>-choice"><%~ it.legend %></label>
<% if (error) { %><p class="error-message" id="<%= it.kind %>-choice-error"><%~ error.html %></p><% } %>
<select id="<%= it.kind %>-choice" name="choice"<% if (error) { %> aria-invalid="true" aria-describedby="<%= it.kind %>-choice-error"<% } %>>
<% for (const option of it.options) { %><option value="<%= option.value %>"<%= option.checked ? ' selected' : '' %>><%= option.text %></option><% } %>
</select>
<% } else { %>
<fieldset<% if (error) { %> aria-describedby="<%= it.kind %>-choice-error"<% } %>>
<legend><%~ it.legend %></legend>
<% if (error) { %><p class="error-message" id="<%= it.kind %>-choice-error"><%~ error.html %></p><% } %>
<% it.options.forEach((option, index) => { %>
<div class="choice">
<input type="radio" name="choice" id="<%= it.kind %>-choice<%= index === 0 ? '' : '-' + index %>" value="<%= option.value %>"<%= option.checked ? ' checked' : '' %><% if (error) { %> aria-invalid="true" aria-describedby="<%= it.kind %>-choice-error"<% } %>>
<label for="<%= it.kind %>-choice<%= index === 0 ? '' : '-' + index %>"><%~ option.html %></label>
</div>
<% }) %>
</fieldset>
<% } %>
</div>
<% const commentsError = it.errorOf(it.kind + '-comments'); %>
<div class="field<%= commentsError ? ' field-error' : '' %>">
<label for="<%= it.kind %>-comments"><%~ it.t('request.comments') %></label>
<% if (commentsError) { %><p class="error-message" id="<%= it.kind %>-comments-error"><%~ commentsError.html %></p><% } %>
<textarea id="<%= it.kind %>-comments" name="comments" rows="3"<% if (commentsError) { %> aria-invalid="true" aria-describedby="<%= it.kind %>-comments-error"<% } %>><%= it.comments %></textarea>
</div>
<button type="submit"><%~ it.submit %></button>
</form>
<% } %>
</section>`;

const PAGE = `<% layout('@layout') %>
${ERROR_SUMMARY}
<h1><%~ it.t('page.title') %></h1>
<% if (it.address) { %><p><span class="label"><%~ it.t('page.address') %>:</span> <bdi><%= it.address %></bdi></p><% } %>

<section aria-labelledby="pickups-heading">
<h2 id="pickups-heading"><%~ it.t('page.pickups') %></h2>
<% if (it.services.every((service) => service.pickups.length === 0)) { %><p><%~ it.t('page.pickups.none') %></p><% } %>
<% for (const service of it.services) { if (service.pickups.length === 0) continue; %>
<h3><bdi><%= service.name %></bdi></h3>
<ul class="pickups">
<% for (const pickup of service.pickups) { %><li><%= pickup.day %><% if (pickup.movedHtml) { %> <span class="moved"><%~ pickup.movedHtml %></span><% } %></li><% } %>
</ul>
<% } %>
</section>

<section aria-labelledby="calendar-heading">
<h2 id="calendar-heading"><%~ it.t('page.calendar') %></h2>
<p><a href="<%= it.calendarUrl %>"><%~ it.t('page.calendar.link') %></a></p>
<p class="hint"><%~ it.t('page.calendar.hint') %></p>
</section>

<%~ include('@request', { ...it.missed, t: it.t, errorOf: it.errorOf, formToken: it.formToken, query: it.query }) %>
<%~ include('@request', { ...it.extra, t: it.t, errorOf: it.errorOf, formToken: it.formToken, query: it.query }) %>

<section aria-labelledby="reminders-heading">
<h2 id="reminders-heading"><%~ it.t('reminders.heading') %></h2>
<% if (it.reminders.length === 0) { %>
<p><%~ it.t('reminders.none', { brand: it.brand }) %></p>
<% } else { %>
<form method="post" action="/my/reminders<%= it.query %>">
<input type="hidden" name="form_token" value="<%= it.formToken %>">
<% for (const reminder of it.reminders) { %>
<fieldset class="inline">
<legend><%~ reminder.legendHtml %></legend>
<div class="choice"><input type="radio" id="<%= reminder.id %>-on" name="<%= reminder.id %>" value="on"<%= reminder.on ? ' checked' : '' %>><label for="<%= reminder.id %>-on"><%~ it.t('reminders.on') %></label></div>
<div class="choice"><input type="radio" id="<%= reminder.id %>-off" name="<%= reminder.id %>" value="off"<%= reminder.on ? '' : ' checked' %>><label for="<%= reminder.id %>-off"><%~ it.t('reminders.off') %></label></div>
</fieldset>
<% } %>
<button type="submit"><%~ it.t('reminders.save') %></button>
</form>
<% } %>
</section>

<section aria-labelledby="language-heading">
<h2 id="language-heading"><%~ it.t('language.heading') %></h2>
<form method="post" action="/my/language">
<input type="hidden" name="form_token" value="<%= it.formToken %>">
<% const languageError = it.errorOf('language'); %>
<div class="field<%= languageError ? ' field-error' : '' %>">
<label for="language"><%~ it.t('language.label') %></label>
<% if (languageError) { %><p class="error-message" id="language-error"><%~ languageError.html %></p><% } %>
<select id="language" name="language"<% if (languageError) { %> aria-invalid="true" aria-describedby="language-error"<% } %>>
<% for (const language of it.languages) { %><option value="<%= language.tag %>" lang="<%= language.tag %>"<%= language.selected ? ' selected' : '' %>><%= language.name %></option><% } %>
</select>
</div>
<button type="submit"><%~ it.t('language.save') %></button>
</form>
</section>
`;

const DONE = `<% layout('@layout') %>
<div class="panel" role="status">
<h1><%~ it.t('done.title') %></h1>
<p><%~ it.doneHtml %></p>
</div>
<p><a href="/my<%= it.query %>"><%~ it.t('done.back') %></a></p>
`;

const NOTICE = `<% layout('@layout') %>
<h1><%~ it.heading %></h1>
<p><%~ it.text %></p>
`;

/** The pages' one template engine, its templates loaded once. */
export function pageTemplates(): Eta {
  const eta = new Eta({ autoEscape: true, autoTrim: false, cache: true });
  eta.loadTemplate('@layout', LAYOUT);
  eta.loadTemplate('@request', REQUEST_FORM);
  eta.loadTemplate('@page', PAGE);
  eta.loadTemplate('@done', DONE);
  eta.loadTemplate('@notice', NOTICE);
  return eta;
}

/** The stylesheet `/my/style.css`: small, system fonts, the hauler's accent colour; 24-pixel targets, no sideways scroll at 320 pixels. */
export function stylesheet(accent: string): string {
  return `:root{--accent:${accent};--text:#0b0c0c;--error:#b3261e;--muted:#505a5f}
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Sans CJK SC",sans-serif;line-height:1.5;color:var(--text);background:#fff}
body{margin:0;overflow-wrap:anywhere}
.width{max-width:40rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;inset-inline-start:-999rem}
.skip:focus{position:static;display:inline-block;padding:.5rem;background:#ffdd00;color:#0b0c0c}
.brand{background:var(--accent);color:#fff}
.brand-name{margin:0;padding:.75rem 0;font-weight:700;font-size:1.25rem}
main{padding-bottom:3rem}
h1{font-size:1.75rem;margin:1.25rem 0 .75rem}
h2{font-size:1.35rem;margin:2rem 0 .5rem;border-top:2px solid #b1b4b6;padding-top:1rem}
h3{font-size:1.1rem;margin:1rem 0 .25rem}
a{color:#1d4f91}
a:focus,button:focus,input:focus,select:focus,textarea:focus,main:focus,.error-summary:focus{outline:3px solid #ffdd00;outline-offset:0;box-shadow:0 0 0 5px #0b0c0c}
main:focus{outline:none;box-shadow:none}
.hint,.moved{color:var(--muted)}
.label{font-weight:700}
ul.pickups{padding-inline-start:1.25rem}
fieldset{border:0;margin:0 0 1rem;padding:0;min-width:0}
legend{font-weight:700;margin-bottom:.25rem;max-width:100%}
.choice{display:flex;align-items:center;gap:.5rem;min-height:2.75rem}
.choice input{width:1.5rem;height:1.5rem;margin:0;flex:none}
fieldset.inline .choice{display:inline-flex;margin-inline-end:1.5rem}
label{display:block}
.field{margin-bottom:1rem}
textarea,select{display:block;width:100%;max-width:100%;font:inherit;padding:.4rem;border:2px solid #0b0c0c;min-height:2.75rem}
button{font:inherit;font-weight:700;min-height:2.75rem;padding:.5rem 1rem;border:0;border-radius:0;background:var(--accent);color:#fff;cursor:pointer;box-shadow:0 2px 0 #0b0c0c}
.field-error{border-inline-start:5px solid var(--error);padding-inline-start:.75rem}
.field-error textarea{border-color:var(--error)}
.error-message{color:var(--error);font-weight:700;margin:.25rem 0}
.error-summary{border:5px solid var(--error);padding:1rem;margin:1.25rem 0}
.error-summary h2{border:0;margin:0 0 .5rem;padding:0}
.error-summary a{color:var(--error);font-weight:700}
.panel{background:#00703c;color:#fff;padding:1.25rem;margin:1.25rem 0}
.panel h1{margin-top:0}
`;
}
