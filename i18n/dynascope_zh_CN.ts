<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ConsoleLog</name>
    <message>
        <source>… %1 of earlier output not kept</source>
        <translation>… 更早的 %1 输出未保留</translation>
    </message>
</context>
<context>
    <name>FusionOverlay</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (fused: %2)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（融合：%2）</translation>
    </message>
    <message>
        <source>&lt;b&gt;extern call&lt;/b&gt; %1 (through torch)</source>
        <translation>&lt;b&gt;外部调用&lt;/b&gt; %1（经由 torch）</translation>
    </message>
    <message>
        <source>&lt;b&gt;fallback&lt;/b&gt; %1 (no lowering: runs through torch)</source>
        <translation>&lt;b&gt;回退&lt;/b&gt; %1（无降级实现：经由 torch 运行）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Kernels:&lt;/b&gt; a colour per kernel · &lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;E&lt;/b&gt; extern call&lt;/span&gt; · &lt;span style=&apos;color:%2&apos;&gt;&lt;b&gt;F&lt;/b&gt; fallback&lt;/span&gt; · &lt;span style=&apos;color:%3&apos;&gt;&lt;b&gt;outline&lt;/b&gt;: kernel selected in Kernels&lt;/span&gt;</source>
        <translation>&lt;b&gt;内核：&lt;/b&gt;每个内核一种颜色 · &lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;E&lt;/b&gt; 外部调用&lt;/span&gt; · &lt;span style=&apos;color:%2&apos;&gt;&lt;b&gt;F&lt;/b&gt; 回退&lt;/span&gt; · &lt;span style=&apos;color:%3&apos;&gt;&lt;b&gt;描边&lt;/b&gt;：在“内核”视图中选中的内核&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>GraphGroup</name>
    <message>
        <source>%1 · compile 1</source>
        <translation>%1 · 第 1 次编译</translation>
    </message>
    <message>
        <source>%1 · recompile %2 (cache entry %2)</source>
        <translation>%1 · 第 %2 次重编译（缓存条目 %2）</translation>
    </message>
</context>
<context>
    <name>GuardWarnings</name>
    <message>
        <source>torch._dynamo.mark_dynamic(%1, %2), or pad %1 to a few sizes (a multiple of 64)</source>
        <translation>torch._dynamo.mark_dynamic(%1, %2)，或把 %1 填充到少数几种尺寸（64 的倍数）</translation>
    </message>
    <message>
        <source>cast %1 to one dtype before the call</source>
        <translation>调用前把 %1 转成同一种 dtype</translation>
    </message>
    <message>
        <source>call it always with or always without requires_grad on %1</source>
        <translation>调用时 %1 要么始终 requires_grad，要么始终不要</translation>
    </message>
    <message>
        <source>pass %1 with one type, layout and device on every call</source>
        <translation>每次调用都以相同的类型、布局和设备传入 %1</translation>
    </message>
    <message>
        <source>compile with dynamic=True so %1 becomes a symbol, or pass it as a tensor</source>
        <translation>用 dynamic=True 编译，让 %1 成为符号，或把它作为张量传入</translation>
    </message>
    <message>
        <source>pass %1 with one length, or stack it into a tensor</source>
        <translation>以固定长度传入 %1，或把它堆叠成一个张量</translation>
    </message>
    <message>
        <source>call it under one grad mode (torch.no_grad() around every call, or none)</source>
        <translation>在同一种梯度模式下调用（每次都包在 torch.no_grad() 中，或都不包）</translation>
    </message>
    <message>
        <source>pass the same object each call; a new object recompiles</source>
        <translation>每次调用传入同一个对象；新对象会触发重编译</translation>
    </message>
    <message>
        <source>keep the dynamic dimension at 2 or more, or mark it static</source>
        <translation>让动态维度保持在 2 或以上，或将其标记为静态</translation>
    </message>
    <message>
        <source>keep %1 the same from call to call</source>
        <translation>让 %1 在每次调用之间保持不变</translation>
    </message>
    <message>
        <source>Recompile storm: %1 recompiled on %2 calls in a row (up to call %3).</source>
        <translation>重编译风暴：%1 连续 %2 次调用都在重编译（直到第 %3 次调用）。</translation>
    </message>
    <message>
        <source>find the guard that fails and make it hold</source>
        <translation>找到失败的守卫，让它成立</translation>
    </message>
    <message>
        <source>Cache size limit reached: %1 of %2 calls ran uncompiled (from call %3).</source>
        <translation>已达缓存大小上限：%2 次调用中有 %1 次未经编译运行（从第 %3 次调用起）。</translation>
    </message>
    <message>
        <source>reduce the number of distinct inputs, or raise torch._dynamo.config.cache_size_limit</source>
        <translation>减少不同输入的种类，或调高 torch._dynamo.config.cache_size_limit</translation>
    </message>
    <message>
        <source>%1 guards %2 (%3), which took %4 different values: %5.</source>
        <translation>%1 对 %2（%3）设了守卫，而它取过 %4 个不同的值：%5。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 — double-click to %2</source>
        <translation>%1 —— 双击以%2</translation>
    </message>
    <message>
        <source>expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <source>the graph is empty</source>
        <translation>图为空</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>A new frame for %1 starts: its arguments are already in its locals and its stack is empty.</source>
        <translation>%1 的新帧开始：参数已在局部变量中，栈为空。</translation>
    </message>
    <message>
        <source>The frame of %1 ends; its caller continues with the returned value on its stack.</source>
        <translation>%1 的帧结束；调用者带着栈上的返回值继续执行。</translation>
    </message>
    <message>
        <source>An exception is raised in %1; Python looks for a handler, or leaves the frame.</source>
        <translation>%1 中抛出异常；Python 查找处理程序，或者离开该帧。</translation>
    </message>
    <message>
        <source>%1 is left by the exception</source>
        <translation>异常使 %1 的帧退出</translation>
    </message>
    <message>
        <source>The frame of %1 ends because of an unhandled exception: it returns nothing, and the exception goes on to its caller, which looks for a handler in turn.</source>
        <translation>%1 的帧因未处理的异常而结束：它不返回任何值，异常继续传给调用者，由调用者再去查找处理程序。</translation>
    </message>
    <message>
        <source>unknown location</source>
        <translation>位置未知</translation>
    </message>
    <message>
        <source>discard %1</source>
        <translation>丢弃 %1</translation>
    </message>
    <message>
        <source>push %1</source>
        <translation>压入 %1</translation>
    </message>
    <message>
        <source>iterator exhausted</source>
        <translation>迭代器已耗尽</translation>
    </message>
    <message>
        <source>next → %1</source>
        <translation>下一项 → %1</translation>
    </message>
    <message>
        <source>test %1</source>
        <translation>检验 %1</translation>
    </message>
    <message>
        <source>build %1</source>
        <translation>构建 %1</translation>
    </message>
    <message>
        <source>no stack change</source>
        <translation>栈不变</translation>
    </message>
    <message>
        <source>pops %1</source>
        <translation>弹出 %1 个</translation>
    </message>
    <message>
        <source>pushes %1</source>
        <translation>压入 %1 个</translation>
    </message>
    <message>
        <source>call %1(%2)</source>
        <translation>调用 %1(%2)</translation>
    </message>
    <message>
        <source>exception in %1</source>
        <translation>%1 中发生异常</translation>
    </message>
    <message>
        <source>%1 event</source>
        <translation>%1 事件</translation>
    </message>
    <message>
        <source>%1 · line %2 · @%3 %4</source>
        <translation>%1 · 第 %2 行 · @%3 %4</translation>
    </message>
</context>
<context>
    <name>RecordingFile</name>
    <message>
        <source>… and %1 more problems</source>
        <translation>…… 以及另外 %1 个问题</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>cannot replace %1</source>
        <translation>无法替换 %1</translation>
    </message>
    <message>
        <source>Recording %1</source>
        <translation>录制 %1</translation>
    </message>
    <message>
        <source>Recording %1 (saved %2)</source>
        <translation>录制 %1（保存于 %2）</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Ended without an exit event</source>
        <translation>结束时没有 exit 事件</translation>
    </message>
    <message>
        <source>Recording: %1</source>
        <translation>录制：%1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>WorkerMemoryLimit</name>
    <message>
        <source>Worker &amp;Memory Limit…</source>
        <translation>工作进程内存上限(&amp;M)…</translation>
    </message>
    <message>
        <source>The most memory (address space) a run&apos;s worker may reserve; a script that needs more gets MemoryError</source>
        <translation>一次运行的工作进程最多可保留的内存（地址空间）；需要更多内存的脚本会得到 MemoryError</translation>
    </message>
    <message>
        <source>Worker Memory Limit</source>
        <translation>工作进程内存上限</translation>
    </message>
    <message>
        <source>Address-space limit of the worker in MB (0: none; torch needs about 1,000):</source>
        <translation>工作进程的地址空间上限，单位 MB（0：不限；torch 约需 1,000）：</translation>
    </message>
</context>
<context>
    <name>WorkspaceLayouts</name>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Step through bytecode: script, bytecode, value stack, frame and call stack</source>
        <translation>逐条执行字节码：脚本、字节码、值栈、帧和调用栈</translation>
    </message>
    <message>
        <source>Graph breaks</source>
        <translation>图断点</translation>
    </message>
    <message>
        <source>Debug graph breaks: the script beside its graphs, the breaks explained and the tracer below</source>
        <translation>调试图断点：脚本与其计算图并排，下方是断点说明和追踪器</translation>
    </message>
    <message>
        <source>Teach</source>
        <translation>教学</translation>
    </message>
    <message>
        <source>Teach: script, bytecode and a large value stack side by side</source>
        <translation>教学：脚本、字节码和大号值栈并排显示</translation>
    </message>
</context>
<context>
    <name>dynascope::AppTheme</name>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
</context>
<context>
    <name>dynascope::BytecodeModel</name>
    <message>
        <source>%1 (line %2)</source>
        <translation>%1（第 %2 行）</translation>
    </message>
    <message numerus="yes">
        <source>%n instruction(s)</source>
        <translation>
            <numerusform>%n 条指令</numerusform>
        </translation>
    </message>
    <message>
        <source>(no line)</source>
        <translation>（无行号）</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>line %1:  %2</source>
        <translation>第 %1 行：  %2</translation>
    </message>
    <message>
        <source>Jumps to offset %1</source>
        <translation>跳转到偏移 %1</translation>
    </message>
    <message>
        <source>Jump target</source>
        <translation>跳转目标</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Arg</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Argument</source>
        <translation>参数</translation>
    </message>
</context>
<context>
    <name>dynascope::CallMarksBar</name>
    <message>
        <source>Compiled calls on the timeline</source>
        <translation>时间轴上的编译调用</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more call(s)</source>
        <translation>
            <numerusform>… 以及另外 %n 个调用</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::CallStackModel</name>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
</context>
<context>
    <name>dynascope::CallTimeline</name>
    <message>
        <source>Call timeline</source>
        <translation>调用时间线</translation>
    </message>
    <message>
        <source>hit</source>
        <translation>命中</translation>
    </message>
    <message>
        <source>first compile</source>
        <translation>首次编译</translation>
    </message>
    <message>
        <source>recompile</source>
        <translation>重编译</translation>
    </message>
    <message>
        <source>cache full: ran uncompiled</source>
        <translation>缓存已满：未经编译运行</translation>
    </message>
    <message>
        <source>No compiled calls yet</source>
        <translation>尚无编译后的调用</translation>
    </message>
    <message>
        <source>call %1: %2</source>
        <translation>第 %1 次调用：%2</translation>
    </message>
</context>
<context>
    <name>dynascope::CallVerdictView</name>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Guard</source>
        <translation>守卫</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>期望值</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>实际值</translation>
    </message>
    <message>
        <source>Call %1: %2</source>
        <translation>第 %1 次调用：%2</translation>
    </message>
    <message>
        <source>guards checked in %1 µs</source>
        <translation>守卫检查耗时 %1 µs</translation>
    </message>
    <message>
        <source>hit cache entry %1</source>
        <translation>命中缓存条目 %1</translation>
    </message>
    <message>
        <source>%1 → new cache entry %2</source>
        <translation>%1 → 新缓存条目 %2</translation>
    </message>
    <message>
        <source> (runs in CPython)</source>
        <translation>（在 CPython 中运行）</translation>
    </message>
    <message>
        <source>region at offset %1: %2</source>
        <translation>偏移 %1 处的区域：%2</translation>
    </message>
    <message>
        <source>no cache entry yet</source>
        <translation>尚无缓存条目</translation>
    </message>
    <message>
        <source>entry %1: ✓ all guards hold</source>
        <translation>条目 %1：✓ 所有守卫成立</translation>
    </message>
    <message>
        <source>entry %1: ✗ %2</source>
        <translation>条目 %1：✗ %2</translation>
    </message>
</context>
<context>
    <name>dynascope::CaptureSession</name>
    <message>
        <source>Running %1</source>
        <translation>正在运行 %1</translation>
    </message>
    <message>
        <source>Recording stopped at %1 steps</source>
        <translation>录制在 %1 步处停止</translation>
    </message>
    <message>
        <source>; the script runs on without recording.</source>
        <translation>；脚本继续运行，但不再录制。</translation>
    </message>
    <message>
        <source>Ignored a malformed &apos;%1&apos; event: %2</source>
        <translation>已忽略格式错误的“%1”事件：%2</translation>
    </message>
</context>
<context>
    <name>dynascope::CompiledCallDock</name>
    <message>
        <source>Compiled Call</source>
        <translation>编译调用</translation>
    </message>
</context>
<context>
    <name>dynascope::CompiledCallMarks</name>
    <message>
        <source>entry %1</source>
        <translation>条目 %1</translation>
    </message>
    <message>
        <source>hit entry %1</source>
        <translation>命中条目 %1</translation>
    </message>
    <message>
        <source>miss → compiled %1</source>
        <translation>未命中 → 编译出 %1</translation>
    </message>
    <message>
        <source>miss → recompiled %1</source>
        <translation>未命中 → 重编译出 %1</translation>
    </message>
    <message>
        <source>miss → cache full, ran uncompiled</source>
        <translation>未命中 → 缓存已满，未编译运行</translation>
    </message>
    <message>
        <source> (runs in CPython)</source>
        <translation>（在 CPython 中运行）</translation>
    </message>
    <message>
        <source>call %1</source>
        <translation>调用 %1</translation>
    </message>
    <message>
        <source>: %1</source>
        <translation>：%1</translation>
    </message>
    <message>
        <source>; resume at %1: %2</source>
        <translation>；在偏移 %1 处恢复：%2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>dynascope::CompiledCallView</name>
    <message>
        <source>Phases of the call</source>
        <translation>调用的各个阶段</translation>
    </message>
    <message>
        <source>Press F11 on a step that calls a compiled function (a mark under the stepper&apos;s slider) to step into the call: its guard check, the graph that ran, and the resume code after a graph break. F10/F11 go on, Shift+F10 goes back, Shift+F11 leaves.</source>
        <translation>在调用编译函数的步骤上（步进器滑块下方的标记）按 F11 即可进入该调用：依次查看守卫检查、运行的图，以及图中断之后的恢复代码。F10/F11 前进，Shift+F10 后退，Shift+F11 离开。</translation>
    </message>
    <message>
        <source>Guard check: %1</source>
        <translation>守卫检查：%1</translation>
    </message>
    <message>
        <source>Graph %1 ran</source>
        <translation>运行了图 %1</translation>
    </message>
    <message>
        <source>Resume at offset %1: %2</source>
        <translation>在偏移 %1 处恢复：%2</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Step %1 of %2 — %3</source>
        <translation>第 %1 步，共 %2 步 — %3</translation>
    </message>
    <message>
        <source> · guards checked in %1 µs</source>
        <translation> · 守卫检查用时 %1 µs</translation>
    </message>
    <message numerus="yes">
        <source> · %n op(s), shown in the Graphs view and the Tracer</source>
        <translation>
            <numerusform> · %n 个运算，显示在图视图和追踪器中</numerusform>
        </translation>
    </message>
    <message>
        <source> · this recording has no graph event for it</source>
        <translation> · 本录制中没有它的图事件</translation>
    </message>
    <message>
        <source># the cache entry that ran is not in this recording</source>
        <translation># 运行的缓存条目不在本录制中</translation>
    </message>
    <message>
        <source>F10/F11: next · Shift+F10: back · Shift+F11: leave the call</source>
        <translation>F10/F11：下一步 · Shift+F10：后退 · Shift+F11：离开调用</translation>
    </message>
</context>
<context>
    <name>dynascope::ConjunctionView</name>
    <message>
        <source>g&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation>g&lt;sub&gt;%1&lt;/sub&gt;</translation>
    </message>
</context>
<context>
    <name>dynascope::ConsoleView</name>
    <message>
        <source>Go to line %1 of %2</source>
        <translation>转到 %2 的第 %1 行</translation>
    </message>
</context>
<context>
    <name>dynascope::DrillPanel</name>
    <message>
        <source>Choose an answer first.</source>
        <translation>请先选择答案。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Score:&lt;/b&gt; %1 right of %2 answered (%3 questions)</source>
        <translation>&lt;b&gt;得分：&lt;/b&gt;已答 %2 题，答对 %1 题（共 %3 题）</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一题</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一个 ▶</translation>
    </message>
    <message>
        <source>Check Answer</source>
        <translation>检查答案</translation>
    </message>
    <message>
        <source>Show Me</source>
        <translation>演示给我看</translation>
    </message>
    <message>
        <source>Open the lesson stop whose live run proves the answer</source>
        <translation>打开用现场运行证明答案的课程停靠点</translation>
    </message>
    <message>
        <source>Reset Progress</source>
        <translation>重置进度</translation>
    </message>
    <message>
        <source>No drill questions were found.</source>
        <translation>没有找到练习题。</translation>
    </message>
    <message>
        <source>Question %1 of %2</source>
        <translation>第 %1 题，共 %2 题</translation>
    </message>
    <message>
        <source>easy</source>
        <translation>简单</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中等</translation>
    </message>
    <message>
        <source>hard</source>
        <translation>困难</translation>
    </message>
    <message>
        <source>extreme</source>
        <translation>极难</translation>
    </message>
    <message>
        <source>multiple choice: tick every right answer</source>
        <translation>多选题：勾选所有正确答案</translation>
    </message>
    <message>
        <source>single choice</source>
        <translation>单选题</translation>
    </message>
    <message>
        <source>classic question</source>
        <translation>经典题</translation>
    </message>
    <message>
        <source>beyond the basics</source>
        <translation>进阶题</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#1b7f3b&apos;&gt;Right.&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#1b7f3b&apos;&gt;正确。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#b00020&apos;&gt;Not quite.&lt;/b&gt; The answer is %1.</source>
        <translation>&lt;b style=&apos;color:#b00020&apos;&gt;不太对。&lt;/b&gt;正确答案是 %1。</translation>
    </message>
    <message>
        <source>Press Show Me to see it in a live run.</source>
        <translation>点击“演示给我看”，在现场运行中查看。</translation>
    </message>
</context>
<context>
    <name>dynascope::ExplainPanel</name>
    <message>
        <source>Graphs (%1)</source>
        <translation>计算图（%1）</translation>
    </message>
    <message>
        <source>Graph breaks (%1)</source>
        <translation>图断点（%1）</translation>
    </message>
    <message>
        <source>hint: %1</source>
        <translation>提示：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n graph(s)</source>
        <translation>
            <numerusform>%n 张计算图</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n graph break(s)</source>
        <translation>
            <numerusform>%n 个图断点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n op(s)</source>
        <translation>
            <numerusform>%n 个算子</numerusform>
        </translation>
    </message>
    <message>
        <source>No graphs yet. Run a script that calls torch.compile (F5): the graphs it captured and the reasons it broke them into several are explained here.</source>
        <translation>还没有图。运行一个调用 torch.compile 的脚本（F5）：它捕获的图以及把它们切成几段的原因会在这里解释。</translation>
    </message>
</context>
<context>
    <name>dynascope::FrameModel</name>
    <message>
        <source>Code object</source>
        <translation>代码对象</translation>
    </message>
    <message>
        <source>not in the recording</source>
        <translation>不在录制中</translation>
    </message>
    <message>
        <source>Locals</source>
        <translation>局部变量</translation>
    </message>
    <message>
        <source>Globals</source>
        <translation>全局变量</translation>
    </message>
    <message>
        <source>not recorded (no module-level frame)</source>
        <translation>未录制（没有模块级帧）</translation>
    </message>
    <message>
        <source>modules</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>functions, classes</source>
        <translation>函数、类</translation>
    </message>
    <message>
        <source>module attributes</source>
        <translation>模块属性</translation>
    </message>
    <message>
        <source>Builtins</source>
        <translation>内置名字</translation>
    </message>
    <message>
        <source>builtin</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>The recording holds no builtins snapshot: these are the global names this code loads that the script does not define.</source>
        <translation>录制中没有内置名字的快照：这里列出的是这段代码加载、但脚本自身没有定义的全局名字。</translation>
    </message>
    <message>
        <source>Closure cells</source>
        <translation>闭包单元</translation>
    </message>
    <message>
        <source>&lt;empty&gt;</source>
        <translation>&lt;空&gt;</translation>
    </message>
    <message>
        <source>cell variable: shared with inner functions</source>
        <translation>单元变量：与内部函数共享</translation>
    </message>
    <message>
        <source>free variable: a cell of an enclosing function</source>
        <translation>自由变量：外层函数的一个单元</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名字</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message numerus="yes">
        <source>%n name(s)</source>
        <translation>
            <numerusform>%n 个名字</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n used by this code</source>
        <translation>
            <numerusform>本代码用到 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n 字节</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s)</source>
        <translation>
            <numerusform>%n 个单元</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::FrameView</name>
    <message>
        <source>Filter builtins…</source>
        <translation>筛选内置名字……</translation>
    </message>
    <message>
        <source>No frame</source>
        <translation>没有帧</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;frame %2, after step %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;帧 %2，第 %3 步之后</translation>
    </message>
</context>
<context>
    <name>dynascope::GraphDocks</name>
    <message>
        <source>Graphs</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>Tracer</source>
        <translation>追踪器</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>图(&amp;G)</translation>
    </message>
</context>
<context>
    <name>dynascope::GraphDocument</name>
    <message>
        <source>Show one graph, or all of them; graphs are grouped by the compile (cache entry) they belong to</source>
        <translation>显示一张图或全部图；图按所属的编译（缓存条目）分组</translation>
    </message>
    <message>
        <source>Graph:</source>
        <translation>图：</translation>
    </message>
    <message>
        <source>%1 · 1 op, after a graph break</source>
        <translation>%1 · 1 个运算，位于图断点之后</translation>
    </message>
    <message>
        <source>%1 · 1 op</source>
        <translation>%1 · 1 个运算</translation>
    </message>
    <message>
        <source>%1 · %2 ops, after a graph break</source>
        <translation>%1 · %2 个运算，位于图断点之后</translation>
    </message>
    <message>
        <source>%1 · %2 ops</source>
        <translation>%1 · %2 个运算</translation>
    </message>
    <message>
        <source>No graphs yet: run a script that calls torch.compile</source>
        <translation>还没有计算图：请运行调用 torch.compile 的脚本</translation>
    </message>
    <message>
        <source>All graphs (%1), 1 graph break</source>
        <translation>全部图（%1），1 个图断点</translation>
    </message>
    <message>
        <source>All graphs (%1), %2 graph breaks</source>
        <translation>全部图（%1），%2 个图断点</translation>
    </message>
</context>
<context>
    <name>dynascope::GraphMinimap</name>
    <message>
        <source>Overview: click to move the view</source>
        <translation>概览：点击以移动视图</translation>
    </message>
</context>
<context>
    <name>dynascope::GraphScene</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; collapsed: %2 nodes&lt;br&gt;double-click the frame to expand</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 已折叠：%2 个节点&lt;br&gt;双击边框以展开</translation>
    </message>
    <message>
        <source>(recompile %1)</source>
        <translation>（第 %1 次重编译）</translation>
    </message>
</context>
<context>
    <name>dynascope::GraphSearchBar</name>
    <message>
        <source>Find node by name or target</source>
        <translation>按名称或目标查找节点</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配（Shift+Enter）</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>下一个匹配（Enter）</translation>
    </message>
    <message>
        <source>Close (Escape)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
</context>
<context>
    <name>dynascope::GraphView</name>
    <message>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Fit to View</source>
        <translation>适应视图</translation>
    </message>
    <message>
        <source>Find Node…</source>
        <translation>查找节点……</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>导出 SVG……</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>导出 PNG……</translation>
    </message>
    <message>
        <source>Export DOT…</source>
        <translation>导出 DOT……</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Export graph</source>
        <translation>导出图</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Expand %1</source>
        <translation>展开 %1</translation>
    </message>
    <message>
        <source>Collapse %1</source>
        <translation>折叠 %1</translation>
    </message>
    <message>
        <source>Show Kernels on Graph</source>
        <translation>在图上显示内核</translation>
    </message>
    <message>
        <source>Colour the nodes of each generated kernel alike and mark extern calls and fallbacks (after a run that compiled kernels)</source>
        <translation>将同一生成内核的节点涂成相同颜色，并标出外部调用和回退（在编译了内核的运行之后）</translation>
    </message>
</context>
<context>
    <name>dynascope::GuardTreeView</name>
    <message>
        <source>Guard</source>
        <translation>守卫</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Cache entry %1</source>
        <translation>缓存条目 %1</translation>
    </message>
    <message numerus="yes">
        <source>region at offset %1 · %n guard(s)</source>
        <translation>
            <numerusform>偏移 %1 处的区域 · %n 个守卫</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dynascope::GuardsDock</name>
    <message>
        <source>Guards &amp;&amp; Cache</source>
        <translation>守卫与缓存</translation>
    </message>
</context>
<context>
    <name>dynascope::GuardsPanel</name>
    <message>
        <source>Function:</source>
        <translation>函数：</translation>
    </message>
    <message>
        <source>Compiled function</source>
        <translation>编译后的函数</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Guard tree</source>
        <translation>守卫树</translation>
    </message>
    <message>
        <source>Conjunction</source>
        <translation>合取式</translation>
    </message>
    <message>
        <source>Transformed code</source>
        <translation>变换后的代码</translation>
    </message>
    <message>
        <source>No compiled function has run.</source>
        <translation>尚无编译后的函数运行过。</translation>
    </message>
    <message>
        <source>%1 calls · hit rate %2 % · %3 recompiles · %4 cache entries · guards %5 µs a hit</source>
        <translation>%1 次调用 · 命中率 %2 % · %3 次重编译 · %4 个缓存条目 · 每次命中守卫耗时 %5 µs</translation>
    </message>
    <message>
        <source>⚠ %1  Fix: %2</source>
        <translation>⚠ %1  修复：%2</translation>
    </message>
</context>
<context>
    <name>dynascope::HelpMenu</name>
    <message>
        <source>&amp;Welcome and Examples</source>
        <translation>欢迎页与示例(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Dynascope</source>
        <translation>关于 Dynascope(&amp;A)</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>About Dynascope</source>
        <translation>关于 Dynascope</translation>
    </message>
    <message>
        <source>&lt;b&gt;Dynascope %1&lt;/b&gt;&lt;br/&gt;A debugger that makes a TorchDynamo-style compiler visible: bytecode, value stack, captured graphs and graph breaks.</source>
        <translation>&lt;b&gt;Dynascope %1&lt;/b&gt;&lt;br/&gt;一个让 TorchDynamo 式编译器变得可见的调试器：字节码、值栈、捕获的计算图和图断点。</translation>
    </message>
    <message>
        <source>Built with:
%1</source>
        <translation>构建所用组件：
%1</translation>
    </message>
</context>
<context>
    <name>dynascope::HitRateChart</name>
    <message>
        <source>hit rate since call 1</source>
        <translation>自第 1 次调用起的命中率</translation>
    </message>
    <message>
        <source>hit rate over the last %1 calls</source>
        <translation>最近 %1 次调用的命中率</translation>
    </message>
    <message>
        <source>compiled on this call</source>
        <translation>本次调用时编译</translation>
    </message>
    <message>
        <source>call</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>hits (%)</source>
        <translation>命中（%）</translation>
    </message>
</context>
<context>
    <name>dynascope::InstructionExplanation</name>
    <message>
        <source>Not a real instruction: room the interpreter keeps for the specialised form of the instruction before it.</source>
        <translation>不是真正的指令：解释器为前一条指令的特化形式预留的空间。</translation>
    </message>
    <message>
        <source>Throws away the value on top of the stack.</source>
        <translation>丢弃栈顶的值。</translation>
    </message>
    <message>
        <source>Puts a NULL marker on the stack so that the call that follows knows there is no &apos;self&apos;.</source>
        <translation>在栈上放一个 NULL 标记，让随后的调用知道没有 &apos;self&apos;。</translation>
    </message>
    <message>
        <source>Does nothing; it keeps a line number or a jump target in place.</source>
        <translation>什么也不做；它只是占住一个行号或一个跳转目标。</translation>
    </message>
    <message>
        <source>Replaces the top value x with +x.</source>
        <translation>把栈顶值 x 替换为 +x。</translation>
    </message>
    <message>
        <source>Replaces the top value x with -x.</source>
        <translation>把栈顶值 x 替换为 -x。</translation>
    </message>
    <message>
        <source>Replaces the top value x with the boolean &apos;not x&apos;.</source>
        <translation>把栈顶值 x 替换为布尔值 &apos;not x&apos;。</translation>
    </message>
    <message>
        <source>Replaces the top value x with its bitwise inverse ~x.</source>
        <translation>把栈顶值 x 替换为按位取反的 ~x。</translation>
    </message>
    <message>
        <source>Takes a container and a key off the stack and pushes container[key].</source>
        <translation>从栈上取下一个容器和一个键，压入 container[key]。</translation>
    </message>
    <message>
        <source>Pushes len() of the top value, leaving the value itself in place (used by match statements).</source>
        <translation>压入栈顶值的 len()，栈顶值本身保留不动（用于 match 语句）。</translation>
    </message>
    <message>
        <source>Pushes True when the top value is a mapping, for a match statement.</source>
        <translation>栈顶值是映射时压入 True，供 match 语句使用。</translation>
    </message>
    <message>
        <source>Pushes True when the top value is a sequence pattern candidate, for a match statement.</source>
        <translation>栈顶值可以匹配序列模式时压入 True，供 match 语句使用。</translation>
    </message>
    <message>
        <source>Looks the pattern&apos;s keys up in the subject mapping and pushes the found values, or None.</source>
        <translation>在被匹配的映射中查找模式的各个键，压入找到的值，找不到则压入 None。</translation>
    </message>
    <message>
        <source>Saves the exception being handled and pushes the new one, on entry to an except block.</source>
        <translation>进入 except 块时，保存正在处理的异常并压入新的异常。</translation>
    </message>
    <message>
        <source>Tests whether the exception below matches the type on top and pushes the answer.</source>
        <translation>检查下方的异常是否与栈顶的类型匹配，并压入结果。</translation>
    </message>
    <message>
        <source>Splits an exception group for an except* clause into the matching and the rest.</source>
        <translation>为 except* 子句把异常组拆分为匹配的部分和其余部分。</translation>
    </message>
    <message>
        <source>Calls the context manager&apos;s __exit__ with the exception that left the with block.</source>
        <translation>用离开 with 块的异常调用上下文管理器的 __exit__。</translation>
    </message>
    <message>
        <source>Replaces the top value with its asynchronous iterator (__aiter__).</source>
        <translation>把栈顶值替换为它的异步迭代器（__aiter__）。</translation>
    </message>
    <message>
        <source>Pushes an awaitable for the next item of the asynchronous iterator on top.</source>
        <translation>为栈顶异步迭代器的下一项压入一个可等待对象。</translation>
    </message>
    <message>
        <source>Looks up __aenter__ and __aexit__ of the top value and starts entering the async with block.</source>
        <translation>查找栈顶值的 __aenter__ 和 __aexit__，开始进入 async with 块。</translation>
    </message>
    <message>
        <source>Calls __enter__ of the context manager on top and keeps its __exit__ for later.</source>
        <translation>调用栈顶上下文管理器的 __enter__，并留下它的 __exit__ 以备后用。</translation>
    </message>
    <message>
        <source>Ends an async for loop when its iterator signals StopAsyncIteration.</source>
        <translation>迭代器发出 StopAsyncIteration 时结束 async for 循环。</translation>
    </message>
    <message>
        <source>Pops a value, a container and a key and performs container[key] = value.</source>
        <translation>弹出一个值、一个容器和一个键，执行 container[key] = value。</translation>
    </message>
    <message>
        <source>Pops a container and a key and performs del container[key].</source>
        <translation>弹出一个容器和一个键，执行 del container[key]。</translation>
    </message>
    <message>
        <source>Replaces the top value with an iterator over it, as iter() would.</source>
        <translation>像 iter() 那样，把栈顶值替换为遍历它的迭代器。</translation>
    </message>
    <message>
        <source>Makes the top value ready to be delegated to by &apos;yield from&apos;.</source>
        <translation>让栈顶值准备好被 &apos;yield from&apos; 委托。</translation>
    </message>
    <message>
        <source>Prints the top value the way the interactive prompt echoes a result.</source>
        <translation>像交互式提示符回显结果那样打印栈顶值。</translation>
    </message>
    <message>
        <source>Pushes the builtin that a class statement calls to create the class.</source>
        <translation>压入 class 语句用来创建类的内置函数。</translation>
    </message>
    <message>
        <source>Pushes AssertionError so that a failing assert can raise it.</source>
        <translation>压入 AssertionError，让失败的 assert 可以抛出它。</translation>
    </message>
    <message>
        <source>Turns the starting frame into a generator, coroutine or async generator object.</source>
        <translation>把刚开始的帧变成生成器、协程或异步生成器对象。</translation>
    </message>
    <message>
        <source>Replaces the list on top with a tuple of the same items.</source>
        <translation>把栈顶的列表替换为元素相同的元组。</translation>
    </message>
    <message>
        <source>Ends the function, handing the value on top of the stack back to its caller.</source>
        <translation>结束函数，把栈顶的值交还给调用者。</translation>
    </message>
    <message>
        <source>Copies every public name of the module on top into the current namespace.</source>
        <translation>把栈顶模块的所有公开名字复制到当前命名空间。</translation>
    </message>
    <message>
        <source>Creates the __annotations__ dictionary if the namespace has none yet.</source>
        <translation>命名空间中还没有 __annotations__ 字典时创建它。</translation>
    </message>
    <message>
        <source>Suspends the generator and hands the top value to whoever resumed it.</source>
        <translation>挂起生成器，把栈顶值交给恢复它的一方。</translation>
    </message>
    <message>
        <source>Wraps a value that an async generator yields so that it can be told from an await.</source>
        <translation>包装异步生成器产出的值，使它能与 await 区分开。</translation>
    </message>
    <message>
        <source>Combines the exceptions left over by except* clauses into the one to re-raise.</source>
        <translation>把 except* 子句剩下的异常合并为要重新抛出的那个异常。</translation>
    </message>
    <message>
        <source>Leaves an except block, restoring the exception that was being handled before it.</source>
        <translation>离开 except 块，恢复进入之前正在处理的异常。</translation>
    </message>
    <message>
        <source>Pops the top value and binds it to the name %1 in the current namespace.</source>
        <translation>弹出栈顶值，并在当前命名空间中把它绑定到名字 %1。</translation>
    </message>
    <message>
        <source>Removes the name %1 from the current namespace.</source>
        <translation>从当前命名空间中删除名字 %1。</translation>
    </message>
    <message>
        <source>Pops a sequence and pushes its items, so that the first item ends up on top.</source>
        <translation>弹出一个序列并压入它的各个元素，第一个元素最终位于栈顶。</translation>
    </message>
    <message>
        <source>Asks the iterator on top for its next item and pushes it; when it is exhausted, drops the iterator and jumps %1.</source>
        <translation>向栈顶迭代器取下一项并压入；迭代器耗尽时丢弃它并跳转%1。</translation>
    </message>
    <message>
        <source>Unpacks a sequence into a fixed number of items plus one list that takes the rest (starred assignment).</source>
        <translation>把序列解包为固定数量的元素，外加一个接收其余元素的列表（带星号的赋值）。</translation>
    </message>
    <message>
        <source>Pops an object and a value and sets the attribute %1 of the object to the value.</source>
        <translation>弹出一个对象和一个值，把对象的属性 %1 设为该值。</translation>
    </message>
    <message>
        <source>Pops an object and deletes its attribute %1.</source>
        <translation>弹出一个对象并删除它的属性 %1。</translation>
    </message>
    <message>
        <source>Pops the top value and binds it to the global name %1.</source>
        <translation>弹出栈顶值，并把它绑定到全局名字 %1。</translation>
    </message>
    <message>
        <source>Removes the global name %1.</source>
        <translation>删除全局名字 %1。</translation>
    </message>
    <message>
        <source>Exchanges the top of the stack with the entry %1 places down.</source>
        <translation>把栈顶与往下第 %1 个位置的条目交换。</translation>
    </message>
    <message>
        <source>Pushes the constant %1 from the code object&apos;s constants.</source>
        <translation>从代码对象的常量表中压入常量 %1。</translation>
    </message>
    <message>
        <source>Pushes the value of the name %1, searched in locals, then globals, then builtins.</source>
        <translation>压入名字 %1 的值，依次在局部变量、全局变量、内置名字中查找。</translation>
    </message>
    <message>
        <source>Pops the given number of values and pushes one tuple holding them in order.</source>
        <translation>弹出给定数量的值，压入一个按顺序包含它们的元组。</translation>
    </message>
    <message>
        <source>Pops the given number of values and pushes one list holding them in order.</source>
        <translation>弹出给定数量的值，压入一个按顺序包含它们的列表。</translation>
    </message>
    <message>
        <source>Pops the given number of values and pushes one set holding them.</source>
        <translation>弹出给定数量的值，压入一个包含它们的集合。</translation>
    </message>
    <message>
        <source>Pops key and value pairs and pushes one dictionary built from them.</source>
        <translation>弹出若干键值对，压入由它们构成的字典。</translation>
    </message>
    <message>
        <source>Replaces the object on top with its attribute %1.</source>
        <translation>把栈顶对象替换为它的属性 %1。</translation>
    </message>
    <message>
        <source>Pops two values, compares them with %1 and pushes the result.</source>
        <translation>弹出两个值，用 %1 比较它们，并压入结果。</translation>
    </message>
    <message>
        <source>Imports the module %1 and pushes it.</source>
        <translation>导入模块 %1 并将其压栈。</translation>
    </message>
    <message>
        <source>Pushes the attribute %1 of the module on top, for &apos;from … import&apos;.</source>
        <translation>为 &apos;from … import&apos; 压入栈顶模块的属性 %1。</translation>
    </message>
    <message>
        <source>Continues execution further ahead, %1.</source>
        <translation>向前跳过一段继续执行，跳转%1。</translation>
    </message>
    <message>
        <source>If the top value is false, jumps %1 and keeps it; otherwise drops it and goes on (&apos;and&apos;).</source>
        <translation>栈顶值为假时跳转%1并保留它；否则丢弃它继续执行（&apos;and&apos;）。</translation>
    </message>
    <message>
        <source>If the top value is true, jumps %1 and keeps it; otherwise drops it and goes on (&apos;or&apos;).</source>
        <translation>栈顶值为真时跳转%1并保留它；否则丢弃它继续执行（&apos;or&apos;）。</translation>
    </message>
    <message>
        <source>Pops the top value and jumps ahead %1 when it is false.</source>
        <translation>弹出栈顶值，若为假则向前跳转%1。</translation>
    </message>
    <message>
        <source>Pops the top value and jumps ahead %1 when it is true.</source>
        <translation>弹出栈顶值，若为真则向前跳转%1。</translation>
    </message>
    <message>
        <source>Pushes the global or builtin named %1 (with a NULL below it when a call follows).</source>
        <translation>压入名为 %1 的全局或内置对象（后面紧跟调用时，其下方还有一个 NULL）。</translation>
    </message>
    <message>
        <source>Pops two values and pushes whether they are the very same object (&apos;is&apos; or &apos;is not&apos;).</source>
        <translation>弹出两个值，压入它们是否为同一个对象（&apos;is&apos; 或 &apos;is not&apos;）。</translation>
    </message>
    <message>
        <source>Pops two values and pushes whether the first is found in the second (&apos;in&apos; or &apos;not in&apos;).</source>
        <translation>弹出两个值，压入第一个是否包含在第二个之中（&apos;in&apos; 或 &apos;not in&apos;）。</translation>
    </message>
    <message>
        <source>Raises again the exception that is on top of the stack.</source>
        <translation>重新抛出栈顶的异常。</translation>
    </message>
    <message>
        <source>Pushes a second reference to the entry %1 places down from the top.</source>
        <translation>为从栈顶往下第 %1 个位置的条目再压入一个引用。</translation>
    </message>
    <message>
        <source>Pops two operands, applies %1 to them and pushes the result.</source>
        <translation>弹出两个操作数，对它们执行 %1，并压入结果。</translation>
    </message>
    <message>
        <source>Sends a value into the sub-generator on top (await and &apos;yield from&apos;).</source>
        <translation>向栈顶的子生成器发送一个值（await 与 &apos;yield from&apos;）。</translation>
    </message>
    <message>
        <source>Pushes the value of the local variable %1.</source>
        <translation>压入局部变量 %1 的值。</translation>
    </message>
    <message>
        <source>Pops the top value and stores it in the local variable %1.</source>
        <translation>弹出栈顶值，存入局部变量 %1。</translation>
    </message>
    <message>
        <source>Unbinds the local variable %1.</source>
        <translation>解除局部变量 %1 的绑定。</translation>
    </message>
    <message>
        <source>Pops the top value and jumps ahead %1 when it is not None.</source>
        <translation>弹出栈顶值，若不是 None 则向前跳转%1。</translation>
    </message>
    <message>
        <source>Pops the top value and jumps ahead %1 when it is None.</source>
        <translation>弹出栈顶值，若是 None 则向前跳转%1。</translation>
    </message>
    <message>
        <source>Raises an exception taken from the stack (or re-raises the current one when given none).</source>
        <translation>抛出从栈上取得的异常（没有给出时重新抛出当前异常）。</translation>
    </message>
    <message>
        <source>Replaces the top value with an awaitable obtained from it, for await.</source>
        <translation>为 await 把栈顶值替换为由它得到的可等待对象。</translation>
    </message>
    <message>
        <source>Wraps the code object on top (with defaults, annotations or closure below it) into a new function.</source>
        <translation>把栈顶的代码对象（及其下方的默认值、注解或闭包）包装成一个新函数。</translation>
    </message>
    <message>
        <source>Pops start, stop (and step) and pushes a slice object.</source>
        <translation>弹出 start、stop（以及 step），压入一个切片对象。</translation>
    </message>
    <message>
        <source>Jumps back %1 without checking for signals, inside generator plumbing.</source>
        <translation>在生成器的内部机制中向后跳转%1，不检查信号。</translation>
    </message>
    <message>
        <source>Turns the local %1 into a cell so that inner functions can share it.</source>
        <translation>把局部变量 %1 变成一个单元，让内部函数可以共享它。</translation>
    </message>
    <message>
        <source>Pushes the cell of %1 itself (not its content), to build a closure.</source>
        <translation>压入 %1 的单元本身（而不是其内容），用于构建闭包。</translation>
    </message>
    <message>
        <source>Pushes the value held in the cell of %1, a variable shared with an enclosing or inner function.</source>
        <translation>压入 %1 的单元中保存的值，它是与外层或内部函数共享的变量。</translation>
    </message>
    <message>
        <source>Pops the top value and stores it into the cell of %1.</source>
        <translation>弹出栈顶值，存入 %1 的单元。</translation>
    </message>
    <message>
        <source>Empties the cell of %1.</source>
        <translation>清空 %1 的单元。</translation>
    </message>
    <message>
        <source>Jumps back %1: the end of a loop body going round again.</source>
        <translation>向后跳转%1：循环体结束，再来一轮。</translation>
    </message>
    <message>
        <source>Calls a function with its positional arguments from a sequence (and keywords from a mapping), as f(*a, **k).</source>
        <translation>像 f(*a, **k) 那样调用函数：位置参数来自一个序列（关键字参数来自一个映射）。</translation>
    </message>
    <message>
        <source>Supplies extra high bits for the argument of the next instruction.</source>
        <translation>为下一条指令的参数提供额外的高位。</translation>
    </message>
    <message>
        <source>Pops a value and appends it to the list being built by a comprehension.</source>
        <translation>弹出一个值，追加到推导式正在构建的列表中。</translation>
    </message>
    <message>
        <source>Pops a value and adds it to the set being built by a comprehension.</source>
        <translation>弹出一个值，加入推导式正在构建的集合中。</translation>
    </message>
    <message>
        <source>Pops a key and a value and puts them into the dict being built by a comprehension.</source>
        <translation>弹出一个键和一个值，放入推导式正在构建的字典中。</translation>
    </message>
    <message>
        <source>Pushes %1 from the class body&apos;s namespace, or else from the enclosing function&apos;s cell.</source>
        <translation>从类体的命名空间压入 %1，找不到时从外层函数的单元中取。</translation>
    </message>
    <message>
        <source>Copies the closure&apos;s cells into the frame when a nested function starts.</source>
        <translation>嵌套函数开始时，把闭包的单元 复制到帧中。</translation>
    </message>
    <message>
        <source>Marks where the function starts (or resumes after a yield); the tracer and the interpreter check in here.</source>
        <translation>标记函数开始（或在 yield 之后恢复）的位置；追踪器和解释器都在这里报到。</translation>
    </message>
    <message>
        <source>Checks the subject against a class pattern and pushes the matched attributes, or None.</source>
        <translation>用类模式检查被匹配对象，压入匹配到的属性，不匹配则压入 None。</translation>
    </message>
    <message>
        <source>Formats the top value for an f-string, applying a conversion and a format spec if present.</source>
        <translation>为 f-string 格式化栈顶值，如有转换和格式说明则一并应用。</translation>
    </message>
    <message>
        <source>Pops values and a tuple of constant keys and pushes the dictionary they form.</source>
        <translation>弹出若干值和一个常量键元组，压入它们组成的字典。</translation>
    </message>
    <message>
        <source>Pops string pieces and pushes them joined into one string (f-strings).</source>
        <translation>弹出若干字符串片段，压入拼接后的一个字符串（f-string）。</translation>
    </message>
    <message>
        <source>Looks up the method %1 on the object on top and pushes it with the object, ready for a call without a bound-method object.</source>
        <translation>在栈顶对象上查找方法 %1，把它与对象一起压栈，以便不创建绑定方法对象就能调用。</translation>
    </message>
    <message>
        <source>Pops an iterable and extends the list below it with its items.</source>
        <translation>弹出一个可迭代对象，用它的元素扩展下方的列表。</translation>
    </message>
    <message>
        <source>Pops an iterable and adds its items to the set below it.</source>
        <translation>弹出一个可迭代对象，把它的元素加入下方的集合。</translation>
    </message>
    <message>
        <source>Pops a mapping and merges it into the dict below it, refusing duplicate keyword names.</source>
        <translation>弹出一个映射并合并到下方的字典中，拒绝重复的关键字名。</translation>
    </message>
    <message>
        <source>Pops a mapping and updates the dict below it with it.</source>
        <translation>弹出一个映射，用它更新下方的字典。</translation>
    </message>
    <message>
        <source>Gets the stack ready for the CALL that follows (binds methods); the stack does not change here.</source>
        <translation>为随后的 CALL 准备好栈（绑定方法）；这里栈不变。</translation>
    </message>
    <message>
        <source>Calls the callable below the arguments with %1 arguments and pushes what it returns.</source>
        <translation>用%1参数调用位于参数下方的可调用对象，并压入它的返回值。</translation>
    </message>
    <message>
        <source>Tells the following CALL which of its arguments are keywords: %1.</source>
        <translation>告诉随后的 CALL 它的哪些参数是关键字参数：%1。</translation>
    </message>
    <message>
        <source>Pops the top value and jumps back %1 when it is not None.</source>
        <translation>弹出栈顶值，若不是 None 则向后跳转%1。</translation>
    </message>
    <message>
        <source>Pops the top value and jumps back %1 when it is None.</source>
        <translation>弹出栈顶值，若是 None 则向后跳转%1。</translation>
    </message>
    <message>
        <source>Pops the top value and jumps back %1 when it is false.</source>
        <translation>弹出栈顶值，若为假则向后跳转%1。</translation>
    </message>
    <message>
        <source>Pops the top value and jumps back %1 when it is true.</source>
        <translation>弹出栈顶值，若为真则向后跳转%1。</translation>
    </message>
    <message>
        <source>to its target</source>
        <translation>到其目标处</translation>
    </message>
    <message>
        <source>the given number of</source>
        <translation>给定数量的</translation>
    </message>
    <message>
        <source>a given number of</source>
        <translation>若干</translation>
    </message>
    <message>
        <source>named in its argument</source>
        <translation>（由其参数指定）</translation>
    </message>
    <message>
        <source>%1 is an instruction this stepper has no explanation for yet; compare the stack before and after it.</source>
        <translation>%1 是一条单步器尚无说明的指令；请比较它执行前后的栈。</translation>
    </message>
    <message>
        <source>to %1</source>
        <translation>到偏移 %1 处</translation>
    </message>
</context>
<context>
    <name>dynascope::KernelDocks</name>
    <message>
        <source>Run &amp;Compiled Kernels</source>
        <translation>运行编译后的内核(&amp;C)</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>计时</translation>
    </message>
    <message>
        <source>Run the script with its kernels built first and time every compiled function against eager</source>
        <translation>先构建内核再运行脚本，并把每个编译函数与即时执行对比计时</translation>
    </message>
    <message>
        <source>&amp;Kernels</source>
        <translation>内核(&amp;K)</translation>
    </message>
</context>
<context>
    <name>dynascope::KernelsView</name>
    <message>
        <source>Graph / kernel</source>
        <translation>图 / 内核</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Run a script that calls torch.compile (backend &quot;inductor&quot;, the default) to see its generated kernels.</source>
        <translation>运行调用 torch.compile 的脚本（后端 &quot;inductor&quot;，即默认后端），即可查看生成的内核。</translation>
    </message>
    <message>
        <source>%1 %2 ms</source>
        <translation>%1 %2 毫秒</translation>
    </message>
    <message>
        <source>cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>hit (loaded from disk)</source>
        <translation>命中（从磁盘加载）</translation>
    </message>
    <message>
        <source>miss (compiled now)</source>
        <translation>未命中（现在编译）</translation>
    </message>
    <message>
        <source>compile time</source>
        <translation>编译时间</translation>
    </message>
    <message>
        <source>lines %1–%2 of the generated source</source>
        <translation>生成源码的第 %1–%2 行</translation>
    </message>
    <message>
        <source>extern %1</source>
        <translation>外部调用 %1</translation>
    </message>
    <message>
        <source>%1 through torch</source>
        <translation>%1 经由 torch 执行</translation>
    </message>
    <message>
        <source>fallback %1</source>
        <translation>回退 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>fusion decisions</source>
        <translation>融合决策</translation>
    </message>
    <message>
        <source>, cache %1</source>
        <translation>，缓存 %1</translation>
    </message>
    <message>
        <source>; source %1</source>
        <translation>；源码 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s)</source>
        <translation>
            <numerusform>%n 个内核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n extern call(s)</source>
        <translation>
            <numerusform>%n 个外部调用</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fallback(s)</source>
        <translation>
            <numerusform>%n 个回退</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2, %3</source>
        <translation>%1，%2，%3</translation>
    </message>
    <message>
        <source>graph %1 backward</source>
        <translation>图 %1 反向</translation>
    </message>
    <message>
        <source>graph %1 forward</source>
        <translation>图 %1 前向</translation>
    </message>
    <message>
        <source>graph %1</source>
        <translation>图 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>saved for backward</source>
        <translation>为反向保存</translation>
    </message>
    <message>
        <source>%1 (%2 partition)</source>
        <translation>%1（%2 划分）</translation>
    </message>
    <message>
        <source>%1: %2%3 — %4%5</source>
        <translation>%1：%2%3 —— %4%5</translation>
    </message>
    <message>
        <source>from %1: %2</source>
        <translation>来自 %1：%2</translation>
    </message>
</context>
<context>
    <name>dynascope::LessonDocks</name>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Interview Drill</source>
        <translation>面试练习</translation>
    </message>
    <message>
        <source>&amp;Learn</source>
        <translation>学习(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Teach Layout</source>
        <translation>教学布局(&amp;T)</translation>
    </message>
    <message>
        <source>Show the lessons and the drill beside the stepper and the graphs</source>
        <translation>在单步器和计算图旁边显示课程和练习</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The lessons and the drill now use the new language. Restart Dynascope to switch the menus and the other panels too?</source>
        <translation>课程和练习已切换到新语言。要重启 Dynascope，让菜单和其他面板也一起切换吗？</translation>
    </message>
</context>
<context>
    <name>dynascope::LessonNavigator</name>
    <message>
        <source>Open the lesson&apos;s demo</source>
        <translation>打开课程演示</translation>
    </message>
    <message>
        <source>The lesson opens %1 in the editor. Save your changes first?</source>
        <translation>课程将在编辑器中打开 %1。要先保存您的修改吗？</translation>
    </message>
    <message>
        <source>the demo was not opened</source>
        <translation>演示未打开</translation>
    </message>
    <message>
        <source>%1 cannot be opened</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>正在运行 %1……</translation>
    </message>
    <message>
        <source>the demo did not finish (%1)</source>
        <translation>演示没有正常结束（%1）</translation>
    </message>
    <message>
        <source>Running %1 with its kernels compiled and timed…</source>
        <translation>正在运行 %1，其内核先编译再计时……</translation>
    </message>
</context>
<context>
    <name>dynascope::LessonsPanel</name>
    <message>
        <source>Shown in the views: %1</source>
        <translation>已在视图中显示：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not found in this run:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;本次运行中未找到：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Show Again</source>
        <translation>重新显示</translation>
    </message>
    <message>
        <source>Run the demo again if needed and go back to this stop&apos;s target</source>
        <translation>必要时重新运行演示，并回到这个停靠点的目标</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一个 ▶</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>No lessons folder was found.</source>
        <translation>没有找到课程文件夹。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lesson files with problems:&lt;/b&gt;&lt;br&gt;%1</source>
        <translation>&lt;b&gt;有问题的课程文件：&lt;/b&gt;&lt;br&gt;%1</translation>
    </message>
    <message numerus="yes">
        <source>%n stop(s) in this lesson</source>
        <translation>
            <numerusform>本课共 %n 个停靠点</numerusform>
        </translation>
    </message>
    <message>
        <source>Press &lt;b&gt;Next&lt;/b&gt; to open the demo and go to the first stop.</source>
        <translation>点击&lt;b&gt;下一个&lt;/b&gt;，打开演示并前往第一个停靠点。</translation>
    </message>
    <message>
        <source>Stop %1 of %2: %3</source>
        <translation>停靠点 %1/%2：%3</translation>
    </message>
    <message>
        <source>Demo: %1</source>
        <translation>演示：%1</translation>
    </message>
    <message>
        <source>Next Lesson ▶</source>
        <translation>下一课 ▶</translation>
    </message>
</context>
<context>
    <name>dynascope::MainWindow</name>
    <message>
        <source>Bytecode</source>
        <translation>字节码</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>控制台</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)……</translation>
    </message>
    <message>
        <source>Open Re&amp;cording…</source>
        <translation>打开录制(&amp;C)……</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Save Script &amp;As…</source>
        <translation>脚本另存为(&amp;A)……</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run the script in a fresh worker process</source>
        <translation>在新的工作进程中运行脚本</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>Kill the worker process</source>
        <translation>结束工作进程</translation>
    </message>
    <message>
        <source>Record &amp;Steps</source>
        <translation>录制步骤(&amp;S)</translation>
    </message>
    <message>
        <source>Record every instruction of the script for the stepper</source>
        <translation>为单步器录制脚本的每一条指令</translation>
    </message>
    <message>
        <source>Recording &amp;Limit…</source>
        <translation>录制上限(&amp;L)……</translation>
    </message>
    <message>
        <source>The most steps a recording keeps (the script runs on after them)</source>
        <translation>一次录制最多保留的步数（超过后脚本继续运行）</translation>
    </message>
    <message>
        <source>Recording Limit</source>
        <translation>录制上限</translation>
    </message>
    <message>
        <source>Record at most this many steps:</source>
        <translation>最多录制的步数：</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>%1 has unsaved changes.</source>
        <translation>%1 有未保存的修改。</translation>
    </message>
    <message>
        <source>The script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>Open Script or Recording</source>
        <translation>打开脚本或录制</translation>
    </message>
    <message>
        <source>Scripts and recordings (*.py *.dscap);;Python scripts (*.py);;Recordings (*.dscap);;All files (*)</source>
        <translation>脚本和录制 (*.py *.dscap);;Python 脚本 (*.py);;录制 (*.dscap);;所有文件 (*)</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <source>it is not UTF-8 text</source>
        <translation>它不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>Cannot open script</source>
        <translation>无法打开脚本</translation>
    </message>
    <message>
        <source>Cannot open %1: %2.</source>
        <translation>无法打开 %1：%2。</translation>
    </message>
    <message>
        <source>Opened %1 — press F5 to run it</source>
        <translation>已打开 %1 —— 按 F5 运行</translation>
    </message>
    <message>
        <source>Cannot save script</source>
        <translation>无法保存脚本</translation>
    </message>
    <message>
        <source>Cannot save %1: %2.</source>
        <translation>无法保存 %1：%2。</translation>
    </message>
    <message>
        <source>Save Script</source>
        <translation>保存脚本</translation>
    </message>
    <message>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python 脚本 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Saved %1 before running</source>
        <translation>运行前已保存 %1</translation>
    </message>
    <message>
        <source>Open Recording</source>
        <translation>打开录制</translation>
    </message>
    <message>
        <source>Recordings (*.dscap);;All files (*)</source>
        <translation>录制 (*.dscap);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Recording</source>
        <translation>保存录制</translation>
    </message>
    <message>
        <source>the script is still running; wait for it or stop it (Shift+F5)</source>
        <translation>脚本仍在运行；请等待它结束或将其停止（Shift+F5）</translation>
    </message>
    <message>
        <source>there is no run to save; run the script first (F5)</source>
        <translation>没有可保存的运行；请先运行脚本（F5）</translation>
    </message>
    <message>
        <source>cannot write the file</source>
        <translation>无法写入文件</translation>
    </message>
    <message>
        <source>Saved the recording to %1</source>
        <translation>已将录制保存到 %1</translation>
    </message>
    <message>
        <source>Cannot save recording</source>
        <translation>无法保存录制</translation>
    </message>
    <message>
        <source>Cannot open recording</source>
        <translation>无法打开录制</translation>
    </message>
    <message>
        <source>A script is running; stop it (Shift+F5) before opening %1.</source>
        <translation>有脚本正在运行；请先停止它（Shift+F5），再打开 %1。</translation>
    </message>
    <message>
        <source>Cannot open the recording %1:
%2</source>
        <translation>无法打开录制 %1：
%2</translation>
    </message>
    <message>
        <source>The recording names no script; the editor is empty.</source>
        <translation>录制中没有指明脚本；编辑器为空。</translation>
    </message>
    <message>
        <source>The recorded script %1 cannot be read (%2); the editor is empty.</source>
        <translation>无法读取录制的脚本 %1（%2）；编辑器为空。</translation>
    </message>
    <message>
        <source>Opened the recording %1 (%2 events)</source>
        <translation>已打开录制 %1（%2 个事件）</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — Dynascope</source>
        <translation>%1[*] — Dynascope</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Open a Python script or a .dscap recording</source>
        <translation>打开 Python 脚本或 .dscap 录制</translation>
    </message>
    <message>
        <source>Open a saved run (.dscap) to step through it again</source>
        <translation>打开保存的运行（.dscap），再次单步浏览</translation>
    </message>
    <message>
        <source>&amp;Save Script</source>
        <translation>保存脚本(&amp;S)</translation>
    </message>
    <message>
        <source>Write the editor&apos;s text to the script file</source>
        <translation>把编辑器中的文本写入脚本文件</translation>
    </message>
    <message>
        <source>Save &amp;Recording…</source>
        <translation>保存录制(&amp;R)……</translation>
    </message>
    <message>
        <source>Save the run (every recorded step, graph and output) as a .dscap file</source>
        <translation>把这次运行（所有录制的步骤、计算图和输出）保存为 .dscap 文件</translation>
    </message>
    <message>
        <source>&amp;Layout</source>
        <translation>布局(&amp;L)</translation>
    </message>
    <message>
        <source>Layout: %1</source>
        <translation>布局：%1</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>Put every panel of this layout back where it started</source>
        <translation>把此布局中的每个面板放回初始位置</translation>
    </message>
    <message>
        <source>Save the script to run it</source>
        <translation>保存脚本以运行它</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. The script runs from its file: save the changes and run?</source>
        <translation>%1 有未保存的修改。脚本从文件运行：保存修改并运行吗？</translation>
    </message>
    <message>
        <source>&amp;Save and Run</source>
        <translation>保存并运行(&amp;S)</translation>
    </message>
    <message>
        <source>Always save before running without asking</source>
        <translation>运行前总是自动保存，不再询问</translation>
    </message>
    <message>
        <source>The recording names no script; the editor shows the copy saved in it.</source>
        <translation>录制中没有指明脚本；编辑器显示的是录制中保存的副本。</translation>
    </message>
    <message>
        <source>The recorded script %1 cannot be read (%2); the editor shows the copy saved in the recording.</source>
        <translation>无法读取录制的脚本 %1（%2）；编辑器显示的是录制中保存的副本。</translation>
    </message>
    <message>
        <source>The script was edited after this run was recorded: the steps, graphs and markers may point at the wrong lines. Run it again (F5) to record the new text.</source>
        <translation>脚本在录制这次运行之后被修改过：步骤、计算图和标记可能指向错误的行。请重新运行（F5）以录制新的文本。</translation>
    </message>
    <message>
        <source>%1 — %L2 steps recorded</source>
        <translation>%1 —— 已录制 %L2 步</translation>
    </message>
    <message>
        <source> — near the limit of %L1 steps (Run ▸ Recording Limit)</source>
        <translation> —— 接近 %L1 步的上限（运行 ▸ 录制上限）</translation>
    </message>
    <message>
        <source>an untitled script</source>
        <translation>一个未命名的脚本</translation>
    </message>
    <message>
        <source>Restore unsaved changes</source>
        <translation>恢复未保存的修改</translation>
    </message>
    <message>
        <source>Dynascope ended without saving the changes to %1 (autosaved %2). Restore them?</source>
        <translation>Dynascope 上次退出时没有保存对 %1 的修改（自动保存于 %2）。要恢复这些修改吗？</translation>
    </message>
    <message>
        <source>Opening the recording %1 (%2)…</source>
        <translation>正在打开录制 %1（%2）…</translation>
    </message>
    <message>
        <source>Opening the recording %1 (%2)… %3 %</source>
        <translation>正在打开录制 %1（%2）… %3 %</translation>
    </message>
</context>
<context>
    <name>dynascope::RunController</name>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Finished with exit status %1</source>
        <translation>已结束，退出状态 %1</translation>
    </message>
    <message>
        <source>The worker crashed (%1) — the script was stopped; press F5 to run again</source>
        <translation>工作进程崩溃（%1）—— 脚本已停止；按 F5 重新运行</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation>正在运行 %1</translation>
    </message>
    <message>
        <source>If it ran out of memory: the worker&apos;s memory limit is %L1 MB, Run ▸ Worker Memory Limit raises it.</source>
        <translation>若是内存不足：工作进程的内存上限为 %L1 MB，可在 运行 ▸ 工作进程内存上限 中调高。</translation>
    </message>
    <message>
        <source>The worker&apos;s memory limit of %L1 MB was reached (MemoryError); Run ▸ Worker Memory Limit raises it</source>
        <translation>已达到工作进程的内存上限 %L1 MB（MemoryError）；可在 运行 ▸ 工作进程内存上限 中调高</translation>
    </message>
</context>
<context>
    <name>dynascope::StackView</name>
    <message>
        <source>top</source>
        <translation>栈顶</translation>
    </message>
    <message>
        <source>empty stack</source>
        <translation>空栈</translation>
    </message>
    <message>
        <source>%1 more below</source>
        <translation>下方还有 %1 项</translation>
    </message>
    <message>
        <source>
shape %1, dtype %2%3</source>
        <translation>
形状 %1，dtype %2%3</translation>
    </message>
    <message>
        <source>, requires grad</source>
        <translation>，需要梯度</translation>
    </message>
</context>
<context>
    <name>dynascope::StepperDocks</name>
    <message>
        <source>Stepper</source>
        <translation>单步器</translation>
    </message>
    <message>
        <source>Stack</source>
        <translation>栈</translation>
    </message>
    <message>
        <source>Call Stack</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>&amp;Debug</source>
        <translation>调试(&amp;D)</translation>
    </message>
    <message>
        <source>Recording stopped at %1 steps; the script runs on</source>
        <translation>录制在 %1 步处停止；脚本继续运行</translation>
    </message>
    <message>
        <source>This step runs in %1, line %2 (not the script)</source>
        <translation>这一步在 %1 的第 %2 行执行（不在脚本中）</translation>
    </message>
</context>
<context>
    <name>dynascope::StepperPanel</name>
    <message>
        <source>Recorded steps: drag to travel in time</source>
        <translation>已录制的步骤：拖动以在时间中穿梭</translation>
    </message>
    <message>
        <source> steps/s</source>
        <translation> 步/秒</translation>
    </message>
    <message>
        <source>Play speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <source>This is the last step.</source>
        <translation>这是最后一步。</translation>
    </message>
    <message>
        <source>This is the first step.</source>
        <translation>这是第一步。</translation>
    </message>
    <message>
        <source>No recorded step after this frame returns.</source>
        <translation>此帧返回之后没有录制的步骤。</translation>
    </message>
    <message>
        <source>Put the cursor on a source line first.</source>
        <translation>请先把光标放在一行源码上。</translation>
    </message>
    <message>
        <source>The cursor&apos;s line does not run again.</source>
        <translation>光标所在的行不会再次执行。</translation>
    </message>
    <message>
        <source>No breakpoint ahead.</source>
        <translation>前方没有断点。</translation>
    </message>
    <message>
        <source>No breakpoint behind.</source>
        <translation>后方没有断点。</translation>
    </message>
    <message>
        <source>Breakpoint set on line %1.</source>
        <translation>已在第 %1 行设置断点。</translation>
    </message>
    <message>
        <source>Breakpoint on line %1 cleared.</source>
        <translation>已清除第 %1 行的断点。</translation>
    </message>
    <message>
        <source>Stopped at the breakpoint on line %1.</source>
        <translation>停在第 %1 行的断点处。</translation>
    </message>
    <message>
        <source>Jump to Step</source>
        <translation>跳转到步骤</translation>
    </message>
    <message>
        <source>Step (1 – %L1):</source>
        <translation>步骤（1 – %L1）：</translation>
    </message>
    <message>
        <source>no steps</source>
        <translation>没有步骤</translation>
    </message>
    <message>
        <source>step %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>单步(&amp;S)</translation>
    </message>
    <message>
        <source>Next line of this frame, running calls without stopping in them (in instruction mode: the next instruction)</source>
        <translation>本帧的下一行，调用会执行但不进入（指令模式下：下一条指令）</translation>
    </message>
    <message>
        <source>Step &amp;Back</source>
        <translation>后退一步(&amp;B)</translation>
    </message>
    <message>
        <source>Back to the start of the line before (in instruction mode: the previous instruction of this frame)</source>
        <translation>回到上一行的开头（指令模式下：本帧的上一条指令）</translation>
    </message>
    <message>
        <source>Step &amp;Into</source>
        <translation>单步进入(&amp;I)</translation>
    </message>
    <message>
        <source>Next line, entering calls (in instruction mode: the very next recorded instruction)</source>
        <translation>下一行，会进入调用（指令模式下：紧接着录制的下一条指令）</translation>
    </message>
    <message>
        <source>Step &amp;Out</source>
        <translation>单步跳出(&amp;O)</translation>
    </message>
    <message>
        <source>The first step after this frame returns</source>
        <translation>本帧返回后的第一步</translation>
    </message>
    <message>
        <source>Run to &amp;Cursor</source>
        <translation>运行到光标处(&amp;C)</translation>
    </message>
    <message>
        <source>Run until the cursor&apos;s line starts executing</source>
        <translation>运行直到光标所在行开始执行</translation>
    </message>
    <message>
        <source>Toggle &amp;Breakpoint</source>
        <translation>切换断点(&amp;B)</translation>
    </message>
    <message>
        <source>Set or clear a breakpoint on the cursor&apos;s line (or the current line)</source>
        <translation>在光标所在行（或当前行）设置或清除断点</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <source>Run forward to the next breakpoint</source>
        <translation>向前运行到下一个断点</translation>
    </message>
    <message>
        <source>Continue Back&amp;wards</source>
        <translation>向后继续(&amp;W)</translation>
    </message>
    <message>
        <source>Run backward to the previous breakpoint</source>
        <translation>向后运行到上一个断点</translation>
    </message>
    <message>
        <source>Play the recording at the chosen speed; again to pause</source>
        <translation>以所选速度播放录制；再按一次暂停</translation>
    </message>
    <message>
        <source>&amp;First Step</source>
        <translation>第一步(&amp;F)</translation>
    </message>
    <message>
        <source>Go to the first recorded step</source>
        <translation>转到录制的第一步</translation>
    </message>
    <message>
        <source>&amp;Last Step</source>
        <translation>最后一步(&amp;L)</translation>
    </message>
    <message>
        <source>Go to the last recorded step</source>
        <translation>转到录制的最后一步</translation>
    </message>
    <message>
        <source>&amp;Jump to Step…</source>
        <translation>跳转到步骤(&amp;J)……</translation>
    </message>
    <message>
        <source>Go to a step by its number</source>
        <translation>按编号转到某一步</translation>
    </message>
    <message>
        <source>Step by &amp;Instruction</source>
        <translation>按指令单步(&amp;I)</translation>
    </message>
    <message>
        <source>F10, F11 and Shift+F10 step one bytecode instruction instead of one line</source>
        <translation>F10、F11 和 Shift+F10 每次前进一条字节码指令，而不是一行</translation>
    </message>
    <message>
        <source>Step One I&amp;nstruction</source>
        <translation>单步一条指令(&amp;N)</translation>
    </message>
    <message>
        <source>The very next recorded instruction, whatever the stepping mode</source>
        <translation>紧接着录制的下一条指令，与单步模式无关</translation>
    </message>
    <message>
        <source>Go to &amp;Exception</source>
        <translation>转到异常(&amp;E)</translation>
    </message>
    <message>
        <source>The step where the run&apos;s uncaught exception was raised</source>
        <translation>本次运行中未捕获异常被抛出的那一步</translation>
    </message>
    <message>
        <source>Nothing raised an exception in this run.</source>
        <translation>本次运行中没有抛出异常。</translation>
    </message>
</context>
<context>
    <name>dynascope::StepperViews</name>
    <message>
        <source>stack slot</source>
        <translation>栈槽位</translation>
    </message>
    <message>
        <source>(not recorded for frame values)</source>
        <translation>（帧中的值未录制此项）</translation>
    </message>
</context>
<context>
    <name>dynascope::TimingView</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 [%2 .. %3]</source>
        <translation>%1 [%2 .. %3]</translation>
    </message>
    <message>
        <source>%1 (noisy)</source>
        <translation>%1（波动大）</translation>
    </message>
    <message>
        <source>Run compiled kernels</source>
        <translation>运行编译后的内核</translation>
    </message>
    <message>
        <source>Function / part</source>
        <translation>函数 / 部分</translation>
    </message>
    <message>
        <source>Time (median [p10 .. p90])</source>
        <translation>时间（中位数 [p10 .. p90]）</translation>
    </message>
    <message>
        <source>S = T_base / T_comp</source>
        <translation>S = T_base / T_comp</translation>
    </message>
    <message>
        <source>Run compiled kernels to time each compiled function against eager.</source>
        <translation>运行编译后的内核，把每个编译函数与即时执行对比计时。</translation>
    </message>
    <message>
        <source>Run the script with its kernels built first, then time every compiled function against the same function run eagerly</source>
        <translation>先构建内核再运行脚本，然后把每个编译函数与即时执行的同一函数对比计时</translation>
    </message>
    <message>
        <source>%1×%2</source>
        <translation>%1×%2</translation>
    </message>
    <message>
        <source> (noisy)</source>
        <translation>（波动大）</translation>
    </message>
    <message>
        <source>T_base (eager)</source>
        <translation>T_base（即时执行）</translation>
    </message>
    <message>
        <source>t_guard (guards and dispatch)</source>
        <translation>t_guard（守卫与分派）</translation>
    </message>
    <message>
        <source>graph %1: %2</source>
        <translation>图 %1：%2</translation>
    </message>
    <message>
        <source>eager %1</source>
        <translation>即时执行 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>T_comp (compiled)</source>
        <translation>T_comp（编译执行）</translation>
    </message>
    <message>
        <source>No compiled function was called.</source>
        <translation>没有调用任何编译函数。</translation>
    </message>
    <message>
        <source>%1, %2, %3.</source>
        <translation>%1，%2，%3。</translation>
    </message>
    <message numerus="yes">
        <source>%n compiled function(s)</source>
        <translation>
            <numerusform>%n 个编译函数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n interleaved round(s)</source>
        <translation>
            <numerusform>%n 轮交错测量</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
    <message>
        <source>graph %1 backward: %2</source>
        <translation>图 %1 反向：%2</translation>
    </message>
    <message>
        <source>eager %1 (%2× faster)</source>
        <translation>eager %1（快 %2×）</translation>
    </message>
    <message>
        <source>not timed</source>
        <translation>未计时</translation>
    </message>
    <message>
        <source>The backward half of a training plan, timed alone: the generated backward on the saved values of one compiled forward, against torch.autograd.grad over one eager forward. T_comp does not include it (a call runs the forward).</source>
        <translation>训练计划的反向部分单独计时：生成的反向内核作用于一次编译前向所保存的值，对比一次 eager 前向上的 torch.autograd.grad。T_comp 不包含它（一次调用只运行前向）。</translation>
    </message>
    <message>
        <source>graph %1 forward: %2</source>
        <translation>图 %1 前向：%2</translation>
    </message>
    <message>
        <source>T_base</source>
        <translation>T_base</translation>
    </message>
    <message>
        <source>T_comp</source>
        <translation>T_comp</translation>
    </message>
    <message>
        <source>µs, log scale</source>
        <translation>微秒，对数刻度</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
</context>
<context>
    <name>dynascope::TraceStepModel</name>
    <message>
        <source>%1 at offset %2 of %3 (line %4)</source>
        <translation>%1，位于 %3 的偏移 %2（第 %4 行）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Arg</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Nodes added</source>
        <translation>新增的节点</translation>
    </message>
    <message>
        <source>
trace step %1 of graph %2</source>
        <translation>
图 %2 的第 %1 个追踪步骤</translation>
    </message>
</context>
<context>
    <name>dynascope::TracerPanel</name>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Previous trace step (Shift+F10 in the Tracer)</source>
        <translation>上一个追踪步骤（在追踪器中按 Shift+F10）</translation>
    </message>
    <message>
        <source>Step ▶</source>
        <translation>单步 ▶</translation>
    </message>
    <message>
        <source>Next trace step (F10 in the Tracer)</source>
        <translation>下一个追踪步骤（在追踪器中按 F10）</translation>
    </message>
    <message>
        <source>Symbolic stack (top first)</source>
        <translation>符号栈（栈顶在前）</translation>
    </message>
    <message>
        <source>Nodes added</source>
        <translation>新增的节点</translation>
    </message>
    <message>
        <source>Guards added</source>
        <translation>新增的守卫</translation>
    </message>
    <message numerus="yes">
        <source>%n trace step(s) — F10 to step</source>
        <translation>
            <numerusform>%n 个追踪步骤 —— 按 F10 单步</numerusform>
        </translation>
    </message>
    <message>
        <source>No trace steps: run a script that calls torch.compile</source>
        <translation>没有追踪步骤：请运行调用 torch.compile 的脚本</translation>
    </message>
    <message>
        <source>step %1 of %2 · %3 %4 · graph %5</source>
        <translation>第 %1 / %2 步 · %3 %4 · 图 %5</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>dynascope::ValueInspector</name>
    <message>
        <source>Value: %1</source>
        <translation>值：%1</translation>
    </message>
    <message>
        <source>Type: %1</source>
        <translation>类型：%1</translation>
    </message>
    <message>
        <source>Shape: %1</source>
        <translation>形状：%1</translation>
    </message>
    <message>
        <source>Dtype: %1</source>
        <translation>Dtype：%1</translation>
    </message>
    <message>
        <source>Requires grad: %1</source>
        <translation>需要梯度：%1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Of the %1 values recorded: min %2, max %3, mean %4</source>
        <translation>在录制的 %1 个值中：最小 %2，最大 %3，平均 %4</translation>
    </message>
    <message>
        <source>The recorder keeps a tensor&apos;s first values of its first row only, so a million-element tensor costs no more than a small one.</source>
        <translation>录制器只保留张量第一行的前几个值，所以百万元素的张量并不比小张量占用更多空间。</translation>
    </message>
    <message>
        <source>Stride: %1 (contiguous)</source>
        <translation>步长：%1（连续）</translation>
    </message>
    <message>
        <source>Stride: %1 (not contiguous: a transposed, expanded or sliced view)</source>
        <translation>步长：%1（不连续：转置、扩展或切片得到的视图）</translation>
    </message>
</context>
<context>
    <name>dynascope::WelcomePage</name>
    <message>
        <source>Welcome to Dynascope</source>
        <translation>欢迎使用 Dynascope</translation>
    </message>
    <message>
        <source>Dynascope runs a Python script under a TorchDynamo-style compiler and shows what happens: the bytecode and its value stack step by step, the graphs the compiler captures, and where and why it breaks a graph.</source>
        <translation>Dynascope 在 TorchDynamo 式编译器下运行 Python 脚本，并展示其中发生的一切：逐步执行的字节码及其值栈、编译器捕获的计算图，以及在哪里、为什么产生图断点。</translation>
    </message>
    <message>
        <source>Open a script (Ctrl+O) and run it (F5), or start with an example below. Pick a layout for the task in the toolbar: &lt;b&gt;Step&lt;/b&gt; through bytecode, debug &lt;b&gt;Graph breaks&lt;/b&gt;, or &lt;b&gt;Teach&lt;/b&gt;.</source>
        <translation>打开一个脚本（Ctrl+O）并运行（F5），或者从下面的示例开始。在工具栏中为任务选择布局：&lt;b&gt;单步&lt;/b&gt;浏览字节码、调试&lt;b&gt;图断点&lt;/b&gt;，或者&lt;b&gt;教学&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>No examples were found next to the program.</source>
        <translation>在程序旁边没有找到示例。</translation>
    </message>
    <message>
        <source>Keys to start with</source>
        <translation>入门按键</translation>
    </message>
    <message>
        <source>F5 run · F10 step over a line · F11 step into · Shift+F11 step out · Shift+F10 step back · F9 breakpoint · Ctrl+F find a graph node · Help ▸ Keyboard Shortcuts lists them all.</source>
        <translation>F5 运行 · F10 单步跳过一行 · F11 单步进入 · Shift+F11 单步跳出 · Shift+F10 后退一步 · F9 断点 · Ctrl+F 查找图节点 · 帮助 ▸ 键盘快捷键列出全部按键。</translation>
    </message>
</context>
<context>
    <name>dynascope::WorkerClient</name>
    <message>
        <source>Ignored a worker line (%1): %2</source>
        <translation>已忽略工作进程的一行输出（%1）：%2</translation>
    </message>
    <message>
        <source>The worker&apos;s last line was cut off (%1 bytes)</source>
        <translation>工作进程的最后一行被截断（%1 字节）</translation>
    </message>
    <message>
        <source>Could not start the worker %1: %2</source>
        <translation>无法启动工作进程 %1：%2</translation>
    </message>
</context>
</TS>
