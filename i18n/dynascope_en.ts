<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>dynascope::BytecodeModel</name>
    <message numerus="yes">
        <source>%n instruction(s)</source>
        <translation>
            <numerusform>%n instruction</numerusform>
            <numerusform>%n instructions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::CallMarksBar</name>
    <message numerus="yes">
        <source>… and %n more call(s)</source>
        <translation>
            <numerusform>… and %n more call</numerusform>
            <numerusform>… and %n more calls</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::CompiledCallView</name>
    <message numerus="yes">
        <source> · %n op(s), shown in the Graphs view and the Tracer</source>
        <translation>
            <numerusform> · %n op, shown in the Graphs view and the Tracer</numerusform>
            <numerusform> · %n ops, shown in the Graphs view and the Tracer</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::ExplainPanel</name>
    <message numerus="yes">
        <source>%n graph(s)</source>
        <translation>
            <numerusform>%n graph</numerusform>
            <numerusform>%n graphs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n graph break(s)</source>
        <translation>
            <numerusform>%n graph break</numerusform>
            <numerusform>%n graph breaks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n op(s)</source>
        <translation>
            <numerusform>%n op</numerusform>
            <numerusform>%n ops</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::FrameModel</name>
    <message numerus="yes">
        <source>%n name(s)</source>
        <translation>
            <numerusform>%n name</numerusform>
            <numerusform>%n names</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n used by this code</source>
        <translation>
            <numerusform>%n used by this code</numerusform>
            <numerusform>%n used by this code</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n byte</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s)</source>
        <translation>
            <numerusform>%n cell</numerusform>
            <numerusform>%n cells</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::GuardTreeView</name>
    <message numerus="yes">
        <source>region at offset %1 · %n guard(s)</source>
        <translation>
            <numerusform>region at offset %1 · %n guard</numerusform>
            <numerusform>region at offset %1 · %n guards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::KernelsView</name>
    <message numerus="yes">
        <source>%n kernel(s)</source>
        <translation>
            <numerusform>%n kernel</numerusform>
            <numerusform>%n kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n extern call(s)</source>
        <translation>
            <numerusform>%n extern call</numerusform>
            <numerusform>%n extern calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fallback(s)</source>
        <translation>
            <numerusform>%n fallback</numerusform>
            <numerusform>%n fallbacks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::LessonsPanel</name>
    <message numerus="yes">
        <source>%n stop(s) in this lesson</source>
        <translation>
            <numerusform>%n stop in this lesson</numerusform>
            <numerusform>%n stops in this lesson</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::TimingView</name>
    <message numerus="yes">
        <source>%n compiled function(s)</source>
        <translation>
            <numerusform>%n compiled function</numerusform>
            <numerusform>%n compiled functions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n interleaved round(s)</source>
        <translation>
            <numerusform>%n interleaved round</numerusform>
            <numerusform>%n interleaved rounds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::TracerPanel</name>
    <message numerus="yes">
        <source>%n trace step(s) — F10 to step</source>
        <translation>
            <numerusform>%n trace step — F10 to step</numerusform>
            <numerusform>%n trace steps — F10 to step</numerusform>
        </translation>
    </message>
</context>
</TS>
