"""The dataset kit: the primitives every domain builder shares, defined once and typed.

Import it with ``data/build`` on ``sys.path`` (each domain's build script puts it there):

- ``kit.trajectory``: the reference manager's turns, tool calls and bind patterns;
- ``kit.conditions``: constructors of the check engine's conditions, checked against the
  engine's condition table (``data/build/_check.py``) when the kit is imported;
- ``kit.seal``: the seal's canonical form, its HMAC and the sealing tool written into workspaces;
- ``kit.files``: the file writers, the JSON dump every generated file uses, WAV durations;
- ``kit.scenario``: the files every scenario folder has (manifest, questions, check specs, trajectory)
  and the form they are written in;
- ``kit.media``: the espeak-ng/sox speech recipe, the room-noise bed and the bit-exact ffmpeg MP4 encoder;
- ``kit.scan``: fonts and scanned-page degradations (grain, lamp shading);
- ``kit.texture``: seeded Gaussian sensor grain and blotches, and the PNG encoding every domain uses;
- ``kit.hint``: the workspace's asset map (``_sandbox_hint.md``): rows, access wording, update lines;
- ``kit.office``: docx and xlsx documents, OOXML zips rewritten with fixed times so they are byte-stable;
- ``kit.pdf``: hand-written text PDFs (pages of Helvetica lines) and the writer of a PDF's objects;
- ``kit.selftest``: running a workspace's tools, and searching its text files for values that must not be there;
- ``kit.rebuild``: what ``build.py --check`` accepts as the same file, and its verdict line;
- ``kit.rounds``: the round kinds (plan, tally and its updates, media, search, workflow, final record
  and seal): the reference turns and the checks of each kind, the domains passing their words and values;
- ``kit.driver``: the one build driver; each domain's ``build.py`` declares a ``Domain`` (its scenarios,
  how one is built and self-tested, its subset and own files) and runs it.
"""
