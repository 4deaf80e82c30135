"""How each science scenario's colleague asks: nine voices, one per scenario.

Each function returns the question of one round kind in the given voice (0 to 8, the config's
``voice``); the scenario-specific parts (the ask, paths, schemas, labels) come in as keyword
arguments. The scenario's own aside for the round (the config's ``asides``) follows the question.
"""

from __future__ import annotations

from typing import Any


def plan(v: int, f: dict[str, Any]) -> str:
    return [
        f"{f['ask']} The {f['noun']} files in {f['dir']}/ are too long to read yourself and tools/{f['tool']} takes a "
        f"while on them, so get it going without waiting on it and draft {f['out']}/plan.md meanwhile with the "
        f"sections {f['secs']} (name the {f['anchor_desc']}). Then {f['tally']} as {f['schema']} for every file in "
        f"{f['dir']}/, decimals within 0.005. {f['sens']} stay off limits throughout.",
        f"{f['ask']} First thing: I need counts from every file in {f['dir']}/. tools/{f['tool']} does the counting, "
        f"but it's slow going and you can't open those files anyway, so don't stand around while it grinds: put a "
        f"plan in {f['out']}/plan.md under {f['secs']}, naming the {f['anchor_desc']}. Numbers go to {f['tally']}, "
        f"shaped {f['schema']}, one entry per file, to 0.005. Keep {f['sens']} out of everyone's hands.",
        f"{f['ask']} Could you kick off the per-file tally of {f['dir']}/ with tools/{f['tool']}? Long job, and those "
        f"files are beyond your own reach. In parallel, sketch {f['out']}/plan.md (headings {f['secs']}, with the "
        f"{f['anchor_desc']}), and once the figures land record them in {f['tally']} ({f['schema']}; all files, "
        f"decimals to 0.005). {f['sens']}: nobody gets access, start to finish.",
        f"{f['ask']} Short version of what I need today: {f['tally']} ({f['schema']}) covering each file in "
        f"{f['dir']}/, decimals good to 0.005, produced by tools/{f['tool']}, which chews through them slowly, and "
        f"you personally cannot read that folder. Use the waiting time for {f['out']}/plan.md: {f['secs']}, "
        f"mentioning the {f['anchor_desc']}. Whatever you do, {f['sens']} is never handed to anyone.",
        f"{f['ask']} Two things can happen at once here. A helper grinds through {f['dir']}/ with tools/{f['tool']} "
        f"(big files, closed to you, not quick) and you write up {f['out']}/plan.md with {f['secs']}, citing the "
        f"{f['anchor_desc']}. When the run finishes, {f['tally']} gets its output as {f['schema']}: every file, "
        f"0.005 on decimals. Access to {f['sens']} is out of the question for the whole job.",
        f"{f['ask']} The homogenisation starts from the raw counts. Nobody reads {f['dir']}/ by eye (the files are "
        f"long and outside your reach), so set a helper running tools/{f['tool']} over them in the background and, "
        f"while it runs, lay out {f['out']}/plan.md in {f['secs']}; name the {f['anchor_desc']} there. The results "
        f"belong in {f['tally']}, {f['schema']}, a line for each file, decimals within 0.005. {f['sens']} are not "
        f"part of this, for anyone.",
        f"{f['ask']} For the interim report I need the raw output counts first, file by file from {f['dir']}/. "
        f"tools/{f['tool']} does it but it is not instant and the registers sit outside your own access; let it run "
        f"in the background and spend the time on {f['out']}/plan.md ({f['secs']}, quoting the "
        f"{f['anchor_desc']}). Counts into {f['tally']} as {f['schema']}, every register, 0.005 on decimals. Nobody "
        f"is to be given {f['sens']}.",
        f"{f['ask']} Step one of the drift check: the per-crate figures. The logs in {f['dir']}/ are closed to you and "
        f"tools/{f['tool']} needs a while on them, so hand that to a background helper and draft {f['out']}/plan.md "
        f"meanwhile, sections {f['secs']}, with the {f['anchor_desc']} written in. The tool's numbers then go into "
        f"{f['tally']}: {f['schema']}, one entry per log, decimals to 0.005. {f['sens']}: no grants, ever.",
        f"{f['ask']} Before anything else, the lab results. {f['dir']}/ is beyond your own reach and "
        f"tools/{f['tool']} grinds slowly through it, so start it off in the background and use the wait to draft "
        f"{f['out']}/plan.md under {f['secs']}, where the {f['anchor_desc']} must appear. When the numbers come back, "
        f"{f['tally']} takes them as {f['schema']} for every lab file, 0.005 on decimals. {f['sens']} stay locked "
        f"for the whole round.",
    ][v]


def media(v: int, f: dict[str, Any]) -> str:
    return [
        f"{f['ask']} Put the values in {f['jf']} as {f['schema']}. In {f['mf']}, under ## Rejected claims, say which "
        f"text source in the workspace gets the {f['noun']} wrong and how.",
        f"{f['ask']} I don't trust the text renderings lying around, so go by the {f['noun']} itself. Values into "
        f"{f['jf']} ({f['schema']}); a short {f['mf']} with a ## Rejected claims section naming whichever text "
        f"version disagrees.",
        f"{f['ask']} Somebody has to actually look at (or listen to) the {f['noun']}. I want {f['jf']} shaped "
        f"{f['schema']}, and {f['mf']} whose ## Rejected claims part calls out the file that misreports it.",
        f"{f['ask']} Only the original {f['noun']} counts as evidence; the transcripts and exports are hearsay. "
        f"Record {f['schema']} in {f['jf']}, and in {f['mf']} list under ## Rejected claims what the hearsay says "
        f"instead.",
        f"{f['ask']} Route it to whoever in the pool can take in a {f['noun']}. Output: {f['jf']} in the form "
        f"{f['schema']}; plus {f['mf']}, ## Rejected claims, pinning down the text file that contradicts it.",
        f"{f['ask']} The auto-transcript is no substitute; the recording itself is the record. Put what it says into "
        f"{f['jf']} ({f['schema']}) and, in {f['mf']}, a ## Rejected claims section on the text file that got the "
        f"{f['noun']} wrong.",
        f"{f['ask']} The OCR export cannot be trusted with a signed page, so have the {f['noun']} itself looked at. "
        f"{f['jf']} takes {f['schema']}; {f['mf']} carries ## Rejected claims naming the export that misread it.",
        f"{f['ask']} Captions from the auto-captioner do not count; the {f['noun']} is what was on the screen. Fill "
        f"{f['jf']} as {f['schema']} and write {f['mf']} with ## Rejected claims on the caption file's errors.",
        f"{f['ask']} The coordinator bot's OCR export is not evidence; the {f['noun']} is. Into {f['jf']}: {f['schema']}. Into "
        f"{f['mf']}: a ## Rejected claims section that names the export and what it gets wrong.",
    ][v]


def update_new(v: int, f: dict[str, Any]) -> str:
    return [
        f"{f['ask']} The session that did the first tally already knows the tool and the folder; pick it up again "
        f"rather than briefing someone new. Bring {f['tally']} up to date for every file now in {f['dir']}/, apply "
        f"the request's decision rule and write {f['out']} with the lines {f['lines']}. An earlier figure the new "
        f"data changes may only appear marked as superseded.",
        f"{f['ask']} Whoever ran the counts last time still has the context, so carry on with that same session. "
        f"Refresh {f['tally']} over all files in {f['dir']}/ (same shape), then decide per the request's rule and "
        f"put {f['lines']} into {f['out']}. Old totals only with 'superseded' next to them.",
        f"{f['ask']} No need to start from scratch: continue the earlier counting session. I'd like {f['tally']} "
        f"redone over the full set in {f['dir']}/ and {f['out']} carrying {f['lines']}, by the request's rule; if "
        f"the total moved, the previous one is marked superseded.",
        f"{f['ask']} Resuming beats re-briefing: the counting session from before has everything loaded, so keep "
        f"using it. Once the new file is in, {f['tally']} must span the whole of {f['dir']}/, and {f['out']} needs "
        f"{f['lines']} under the request's rule; mark any replaced total superseded.",
        f"{f['ask']} Same helper, same session as the first count, just fed the new file; it saves re-reading "
        f"everything. Afterwards: {f['tally']} over all of {f['dir']}/, and in {f['out']} the lines {f['lines']} "
        f"following the rule in the request. A stale total stays only if labelled superseded.",
        f"{f['ask']} Ask the helper who ran the first count to carry on in its own session; it already knows the "
        f"layout. {f['tally']} must then cover every file in {f['dir']}/, and {f['out']} needs {f['lines']} decided "
        f"by the request's rule. A figure the new station changes survives only marked superseded.",
        f"{f['ask']} Keep the same counting session going rather than starting a fresh helper; it has the context. "
        f"Redo {f['tally']} over all registers in {f['dir']}/, then {f['out']} with {f['lines']} by the rule in the "
        f"request. Any total it replaces stays only as superseded.",
        f"{f['ask']} Continue the session that tallied the first crates instead of briefing a new one. Afterwards "
        f"{f['tally']} spans every log in {f['dir']}/ and {f['out']} holds {f['lines']} per the request's rule; the "
        f"old total, if it appears at all, is marked superseded.",
        f"{f['ask']} Go back to the session that ran the first tally and have it continue; no new helper. "
        f"{f['tally']} then has to include every lab file in {f['dir']}/, and {f['out']} the lines {f['lines']} "
        f"under the request's rule. The earlier total appears only marked superseded.",
    ][v]


def update_rep(v: int, f: dict[str, Any]) -> str:
    return [
        f"{f['ask']} Get the tally re-run over everything in {f['dir']}/ and revise {f['tally']} and {f['out']} "
        f"(same lines, same rule). Whatever the corrected file changes may only survive marked as superseded.",
        f"{f['ask']} That means fresh numbers: re-count {f['dir']}/ in full, update {f['tally']}, and redo "
        f"{f['out']} under the same rule. Anything the correction overturns gets flagged superseded.",
        f"{f['ask']} Please have the counts redone across {f['dir']}/ and both {f['tally']} and {f['out']} brought "
        f"in line; a figure the fix changes may stay only as superseded.",
        f"{f['ask']} So {f['tally']} and {f['out']} are out of date: recount all of {f['dir']}/ and rewrite both, "
        f"rule unchanged. Mark whatever the corrected file knocks out as superseded.",
        f"{f['ask']} Recount the folder {f['dir']}/ end to end and refresh {f['tally']} plus {f['out']} with the "
        f"same rule; numbers the correction replaces can only remain flagged superseded.",
        f"{f['ask']} The series has to be counted again from the top: re-run the tally over {f['dir']}/, then revise "
        f"{f['tally']} and {f['out']} under the same rule. Numbers the correction undoes stay only marked superseded.",
        f"{f['ask']} The register counts are stale now: re-count {f['dir']}/ and rewrite {f['tally']} and "
        f"{f['out']} with the unchanged rule. What the corrected register replaces is marked superseded.",
        f"{f['ask']} With the pedestal fix in, the drift figures move: re-run the tally over {f['dir']}/ and bring "
        f"{f['tally']} and {f['out']} up to date, same rule. The replaced values appear only as superseded.",
        f"{f['ask']} The lab figures need counting again across {f['dir']}/; revise {f['tally']} and {f['out']} "
        f"under the same rule, and keep an overturned total only as superseded.",
    ][v]


def doc(v: int, f: dict[str, Any]) -> str:
    tail = " A value the newly arrived document changes may only appear marked superseded." if f["updated"] else ""
    return [
        f"{f['ask']} The two readings are independent, so have them done side by side as one Workflow (one reader "
        f"on {f['docdir']}/, another on {f['arch']}/, neither near {f['sens']}). Write {f['out']} with the lines "
        f"{f['labels']}, plus a ## Rejected claims section on where {f['arch']}/ differs and why it does not govern."
        + tail,
        f"{f['ask']} These are two separate reads that can run at the same time: one scripted Workflow, a reader "
        f"each for {f['docdir']}/ and {f['arch']}/, and {f['sens']} stays closed. {f['out']} gets {f['labels']}, "
        f"and ## Rejected claims explains what the older material in {f['arch']}/ got wrong." + tail,
        f"{f['ask']} I'd run the current document and the archive past two readers in parallel, in a single "
        f"Workflow; nobody touches {f['sens']}. Deliverable: {f['out']} with {f['labels']} and a ## Rejected claims "
        f"paragraph on the {f['arch']}/ figures." + tail,
        f"{f['ask']} Nothing connects the two readings, so script them as one Workflow that runs a {f['docdir']}/ "
        f"reader and an {f['arch']}/ reader together; {f['sens']} is not theirs to see. In {f['out']}: {f['labels']}; "
        f"under ## Rejected claims, why the {f['arch']}/ version is not the one in force." + tail,
        f"{f['ask']} Speed this up with a single Workflow: one agent per source ({f['docdir']}/ and {f['arch']}/), "
        f"running together, grants kept apart and clear of {f['sens']}. Then {f['out']} holding {f['labels']}, with "
        f"## Rejected claims on the superseded archive values." + tail,
        f"{f['ask']} Give it to two readers in one Workflow, running in parallel: one for {f['docdir']}/, one for "
        f"{f['arch']}/, and neither may see {f['sens']}. {f['out']} gets {f['labels']} and a ## Rejected claims "
        f"section explaining why the {f['arch']}/ figures no longer apply." + tail,
        f"{f['ask']} One Workflow, two readers side by side: the template in {f['docdir']}/ and the notes in "
        f"{f['arch']}/, with {f['sens']} kept away from both. Write {f['labels']} into {f['out']}, then ## Rejected "
        f"claims on what the {f['arch']}/ material says instead." + tail,
        f"{f['ask']} Script a single Workflow with a reader on {f['docdir']}/ and another on {f['arch']}/, run "
        f"together, neither granted {f['sens']}. {f['out']} holds {f['labels']}; its ## Rejected claims section "
        f"says why the {f['arch']}/ extract no longer governs." + tail,
        f"{f['ask']} Two readers in parallel, as one Workflow: the current values in {f['docdir']}/, the earlier "
        f"round in {f['arch']}/, and no access to {f['sens']} for either. {f['out']} gets {f['labels']} plus "
        f"## Rejected claims on the {f['arch']}/ figures." + tail,
    ][v]


def seal(v: int, f: dict[str, Any]) -> str:
    return [
        f"Time to seal the record. Write {f['sf']} as {f['schema']} with the latest figures, get it sealed with "
        f"tools/{f['tool']} and the seal file in {f['vault']}/ (you cannot open that folder yourself), and put the "
        f"line the tool prints into {f['tf']} (the whole `{f['prefix']}:<hex>` line or the hex). Change the JSON "
        f"afterwards and the seal is void.",
        f"Before this goes out it needs sealing. {f['sf']}: {f['schema']}, current values only. The key lives in "
        f"{f['vault']}/, which only a helper you equip can reach; tools/{f['tool']} prints a `{f['prefix']}:<hex>` "
        f"line that belongs in {f['tf']}. Edit the record after that and you must seal again.",
        f"Last formal step: the sealed record. Fill {f['sf']} ({f['schema']}) from your latest numbers, have "
        f"tools/{f['tool']} sign it with the key in {f['vault']}/ and save what it prints (line or hex) to "
        f"{f['tf']}. The seal covers the file exactly as it stands.",
        f"The record has to be sealed now. {f['sf']} takes {f['schema']} (latest values). Only a helper granted "
        f"{f['vault']}/ can run tools/{f['tool']} against the key; copy its `{f['prefix']}:<hex>` output (or just the "
        f"hex) into {f['tf']}. Any later edit to the record breaks the seal.",
        f"Seal it, please. Put {f['schema']} into {f['sf']} using today's numbers, then let a helper with the key "
        f"from {f['vault']}/ run tools/{f['tool']} on that file. Its printed line, or its hex part, goes to "
        f"{f['tf']}; re-seal if the record changes.",
        f"The screening record needs its seal. Compose {f['sf']} as {f['schema']} from the current figures; a "
        f"helper with the key in {f['vault']}/ (closed to you) runs tools/{f['tool']} on it, and the printed "
        f"`{f['prefix']}:<hex>` line, or its hex, is saved in {f['tf']}. Touch the record afterwards and the seal "
        f"no longer matches.",
        f"The funder wants a sealed record with the report. Write {f['sf']}, {f['schema']}, with the final numbers; "
        f"have a helper granted {f['vault']}/ run tools/{f['tool']} over it and keep the `{f['prefix']}:<hex>` line "
        f"(or the hex) in {f['tf']}. A later edit voids it.",
        f"Seal the calibration record: {f['sf']} as {f['schema']}, latest values, then tools/{f['tool']} with the "
        f"key in {f['vault']}/, run by a helper since you cannot open that folder. Save the `{f['prefix']}:<hex>` "
        f"output (line or hex) to {f['tf']}; if the record changes, seal again.",
        f"Now the round record gets sealed. {f['sf']} takes {f['schema']} with current values; tools/{f['tool']} "
        f"signs it using the key in {f['vault']}/, which only a helper you grant can open. Its "
        f"`{f['prefix']}:<hex>` line or hex goes into {f['tf']}; edits after sealing break it.",
    ][v]


def final(v: int, f: dict[str, Any]) -> str:
    return [
        f"{f['ask']} {f['fm']} should read as a proper summary (a few paragraphs), then a ## Rejected claims section "
        f"dealing with the digest in {f['digest']}/ and the material in {f['arch']}/; {f['where']} (seal_token: the "
        f"hex from {f['tf']}). It all has to square with what you delivered earlier.",
        f"{f['ask']} A readable write-up in {f['fm']}, please, closing with ## Rejected claims on the automatic "
        f"digest ({f['digest']}/) and the old {f['arch']}/ material; {f['where']}, seal_token taken from {f['tf']}. "
        f"Nothing in it may contradict your earlier files.",
        f"{f['ask']} Wrap it up in {f['fm']}: several paragraphs of findings, then ## Rejected claims covering "
        f"{f['digest']}/ and {f['arch']}/. {f['where'][0].upper() + f['where'][1:]} (seal_token = hex in {f['tf']}). "
        f"Figures must match the deliverables so far.",
        f"{f['ask']} I'd like {f['fm']} to tell the story in a few paragraphs and finish with ## Rejected claims "
        f"about the {f['digest']}/ digest and the stale {f['arch']}/ material; {f['where']}, with the seal_token "
        f"copied from {f['tf']}. It must agree with everything delivered before.",
        f"{f['ask']} Final deliverable: {f['fm']}, prose first, then ## Rejected claims addressing {f['digest']}/ "
        f"and {f['arch']}/; {f['where']} (seal_token from {f['tf']}). Keep every figure consistent with your earlier "
        f"files.",
        f"{f['ask']} {f['fm']} is the closing note: several paragraphs, then ## Rejected claims on the network "
        f"digest in {f['digest']}/ and the {f['arch']}/ material; {f['where']} (seal_token: the hex in {f['tf']}). "
        f"Keep it consistent with the earlier deliverables.",
        f"{f['ask']} Close with {f['fm']}: a few paragraphs for the funder, then ## Rejected claims on the "
        f"{f['digest']}/ digest and the {f['arch']}/ notes; {f['where']}, seal_token from {f['tf']}. Every figure "
        f"must match what you filed before.",
        f"{f['ask']} The conveners get {f['fm']}: findings in prose, then ## Rejected claims dealing with "
        f"{f['digest']}/ and {f['arch']}/; {f['where']} (seal_token = the hex in {f['tf']}). Nothing may contradict "
        f"the earlier files.",
        f"{f['ask']} Finish with {f['fm']} for the steering group: prose first, then ## Rejected claims covering "
        f"the {f['digest']}/ digest and the {f['arch']}/ round; {f['where']}, seal_token copied from {f['tf']}. It "
        f"has to agree with everything delivered so far.",
    ][v]
