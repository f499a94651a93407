//! The command line's and the exports' phrases: run summaries, sweep and comparison tables,
//! the practice report, the SVG legend, and the errors of share links and practice sets.
//! (key, English, Chinese); templates take `{0}`, `{1}`, ...

texts! {
    REPORT_STRINGS = [
        // `run`'s summary (`schedscope run`)
        (summary, "Summary", "汇总"),
        (summary_rounds, "offer rounds and calls", "offer 轮次与调用"),
        (summary_tasks, "tasks", "个任务"),
        (summary_heartbeats, "heartbeats", "心跳次数"),
        (summary_makespan_none, "makespan: none (the scenario has no jobs)", "完成时间：无（场景中没有作业）"),
        (summary_makespan_unfinished, "makespan: not every job has finished", "完成时间：仍有作业未结束"),
        (summary_response, "response", "响应"),
        // `schedscope practice`: the answer key and `--verify`
        (
            cli_question,
            "Question {0}: {1} ({2}, {3}, {4}). The stage is heartbeat {5} of the scenario below; the question is about heartbeat {6}.",
            "第 {0} 题：{1}（{2}，{3}，{4}）。舞台停在以下场景的第 {5} 次心跳；问题针对第 {6} 次心跳。",
        ),
        (
            cli_question_round,
            "Question {0}: {1} ({2}, {3}, {4}). The stage is round {5} of the scenario below; the question is about round {6}.",
            "第 {0} 题：{1}（{2}，{3}，{4}）。舞台停在以下场景的第 {5} 轮；问题针对第 {6} 轮。",
        ),
        (cli_answer, "Answer:", "答案："),
        (cli_why_round, "Why (the engine's record of that round):", "原因（引擎对该轮的记录）："),
        (cli_why, "Why (the engine's record of that heartbeat):", "原因（引擎对该次心跳的记录）："),
        (cli_code_path, "Code path:", "代码路径："),
        (cli_scenario, "Scenario:", "场景："),
        (cli_answer_key, "Practice set #{0} ({1} questions): the answer key.", "练习 #{0}（{1} 题）：答案。"),
        (cli_result_code, "Result code for the practice set #{0} ({1} questions).", "练习 #{0}（{1} 题）的结果码。"),
        (cli_right, "right", "正确"),
        (cli_wrong, "wrong", "错误"),
        (cli_answered, "answered", "作答"),
        (cli_no_answer, "(no answer)", "（未作答）"),
        (cli_expected, "expected", "正确答案"),
        // `run --compare` (`sim::compare::render`)
        (cmp_report_title, "Comparison of {0}", "{0} 的比较"),
        (cmp_report_scheduler, "scheduler", "调度器"),
        (cmp_report_mean_resp, "mean resp", "平均响应"),
        (cmp_report_makespan, "makespan", "完成时间"),
        (cmp_report_util, "util", "利用率"),
        (cmp_report_by_size, "Mean response time (s) by job size (maps):", "按作业大小（map 数）的平均响应时间（秒）："),
        (
            cmp_report_locality_by_size,
            "Node locality by job size (maps): node-local share of launched maps with input locations; [share of nodes holding the input]:",
            "按作业大小（map 数）的节点本地比例：有输入位置的已启动 map 中节点本地的比例；[存有输入数据的节点比例]：",
        ),
        (
            cmp_report_sticky,
            "Freed map slots refilled at once that went back to the job that had just left them (sticky slots):",
            "释放后立即被重新分配、又回到刚离开它的那个作业的 map slot 比例（粘滞 slot）：",
        ),
        (report_maps, "maps", "个 map"),
        (report_colon, ": ", "："),
        (
            cmp_report_spark_runs,
            "Spark runs: each TaskTracker a host with one executor whose cores are its map slots, each job one stage of its maps on the same input hosts; reduces left out.",
            "Spark 运行：每个 TaskTracker 是一台主机，上面一个 executor，核数等于它的 map slot 数；每个作业是一个 stage，包含它的 map，输入主机相同；不含 reduce。",
        ),
        // a Spark comparison (`sim::compare::render_spark`)
        (spark_report_reset_legacy, "timer reset on every launch (legacy, Spark ≤ 3.0)", "每次启动都重置计时（旧规则，Spark ≤ 3.0）"),
        (spark_report_reset_round, "timer reset after a round without rejects (Spark ≥ 3.1)", "一轮没有拒绝后才重置计时（Spark ≥ 3.1）"),
        (spark_report_done_at, "job done at", "作业完成于"),
        (spark_report_launches, "launches by level", "按本地性级别的启动数"),
        (spark_report_per_executor, "tasks per executor", "每个 executor 的任务数"),
        (spark_report_rounds, "offer rounds", "offer 轮数"),
        (spark_report_stopped, "stopped", "已停止"),
        // `run --sweep` (`sim::sweep::render`)
        (
            sweep_report_head,
            "Delay-scheduling sweep of {0}: M = {1} nodes ({2} trackers, heartbeat every {3} ms), {4} jobs with input locations, N = {5} maps per job on average, R = {6} replicas; rack delay {7} ms. A delay of W ms is about D = W x {2} / {3} skips.",
            "{0} 的延迟调度扫描：M = {1} 个节点（{2} 个 TaskTracker，每 {3} ms 心跳一次），{4} 个有输入位置的作业，平均每个作业 N = {5} 个 map，副本数 R = {6}；rackLocalityDelay = {7} ms。延迟 W ms 约等于 D = W x {2} / {3} 次跳过。",
        ),
        (
            sweep_report_bound,
            "Bound: l(D) >= 1 - e^(-RD/M) / (N (1 - e^(-RD/M))), averaged over jobs weighted by N (Zaharia et al., EuroSys 2010).",
            "理论下界：l(D) >= 1 - e^(-RD/M) / (N (1 - e^(-RD/M)))，按各作业 N 加权平均（Zaharia 等，EuroSys 2010）。",
        ),
        (sweep_report_delay, "delay ms", "延迟 ms"),
        (sweep_report_bound_col, "bound", "下界"),
        (sweep_report_makespan, "makespan s", "完成时间 s"),
        (sweep_report_mean_resp, "mean resp. s", "平均响应 s"),
        (
            sweep_report_why,
            "Why the measurement can fall below the bound. A skip is a heartbeat at which a job was offered a free map slot and took none; a full wait is the skips a job took, since its last launch, to reach the node delay. The bound assumes every skip is a new random node, but a job is only offered a slot where one is free, so on a nearly full cluster the same few free slots come round again. Per delay: the mean skips of a full wait per job, the mean distinct trackers those skips offered, the bound with D = each, and the rack-local or off-switch maps a remembered level allowed without waiting (lastMapLocalityLevel, set by FairScheduler.updateLastMapLocalityLevel), with node locality of the other maps.",
            "实测为何可能低于理论下界。一次“跳过”是指某次心跳向作业提供了空闲的 map slot，作业却没有接受；一次“完整等待”是作业自上次启动 map 起、直到等待时间达到 nodeLocalityDelay 为止所经历的跳过。理论下界假设每次跳过都来自一个新的随机节点，但作业只会在有空闲 slot 的节点上被询问，集群接近满载时，同样几个空闲 slot 会反复出现。每个延迟下依次给出：每个作业一次完整等待的平均跳过次数、这些跳过来自多少个不同的 TaskTracker、分别以这两个数为 D 算出的下界，以及凭“记住的级别”（lastMapLocalityLevel，由 FairScheduler.updateLastMapLocalityLevel 设置）无需等待就启动的机架本地或跨机架 map 数，和其余 map 的节点本地比例。",
        ),
        (sweep_report_skips, "skips", "跳过"),
        (sweep_report_trackers, "trackers", "节点数"),
        (sweep_report_bound_d, "bound(D)", "下界(D)"),
        (sweep_report_bound_skips, "b(skips)", "下界(跳过)"),
        (sweep_report_bound_trk, "b(trk)", "下界(节点)"),
        (sweep_report_full_waits, "full waits", "完整等待"),
        (sweep_report_remembered, "remembered", "记住的级别"),
        (sweep_report_node_star, "node-local*", "节点本地*"),
        (
            sweep_report_star,
            "* node-local share of the maps that were not launched by a remembered level.",
            "* 不计凭记住的级别启动的 map 时的节点本地比例。",
        ),
        // the SVG export (`export::grid_svg`)
        (svg_title, "Heartbeat {0} · t = {1} s", "心跳 {0} · t = {1} 秒"),
        // share links (`share::LinkError`)
        (link_too_long, "the link is too long ({0} characters, at most {1})", "链接过长（{0} 个字符，最多 {1}）"),
        (link_no_version, "the link has no version (v=1)", "链接缺少版本号（v=1）"),
        (
            link_unknown_version,
            "unknown link version {0}; this page reads version {1}",
            "未知的链接版本 {0}；本页面只能读取版本 {1}",
        ),
        (link_no_scenario, "the link carries no scenario", "链接中没有场景"),
        (
            link_two_sources,
            "the link carries both {0}; expected one of b= (a built-in scenario), s= (a scenario's text) or l= (a lesson)",
            "链接同时带有 {0}；应只有一个：b=（内置场景）、s=（场景文本）或 l=（课程）",
        ),
        (link_bad_base64, "the scenario in the link is not valid base64url", "链接中的场景不是有效的 base64url 编码"),
        (link_not_utf8, "the scenario in the link is not UTF-8 text", "链接中的场景不是 UTF-8 文本"),
        (link_bad_heartbeat, "heartbeat {0} is not a number from 0 to {1}", "心跳 {0} 不是 0 到 {1} 之间的数"),
        (link_bad_step, "lesson step {0} is not a number from 0 to {1}", "课程步骤 {0} 不是 0 到 {1} 之间的数"),
        (link_bad_field, "unexpected field {0} in the link", "链接中有多余的字段 {0}"),
        (link_bad_visit, "visit {0} is not a number from 0 to {1} of a heartbeat from 1 on", "访问 {0} 不是 0 到 {1} 之间的数，或所在心跳不是 1 及以后"),
        (link_no_visit, "heartbeat {0} has no visit {1} (it has {2})", "心跳 {0} 没有第 {1} 个访问（共 {2} 个）"),
        (link_bad_lang, "language {0} is not en, zh or zh-Hant", "语言 {0} 不是 en、zh 或 zh-Hant"),
        // embed links (`share::embed::EmbedError`)
        (
            embed_field,
            "the field {0} is given twice, or is an embed option without embed=1",
            "字段 {0} 重复出现，或是缺少 embed=1 的嵌入选项",
        ),
        (embed_value, "{0}={1} is not valid: expected {2}", "{0}={1} 无效：应为 {2}"),
        // practice set links (`practice::set::SetError`)
        (set_too_long, "the set link is too long ({0} characters, at most {1})", "练习链接过长（{0} 个字符，最多 {1}）"),
        (
            set_unknown_version,
            "unknown practice link version {0}; this page reads {1}",
            "未知的练习链接版本 {0}；本页面只能读取版本 {1}",
        ),
        (
            set_unknown_concept,
            "unknown concept {0}; expected a concept id such as fair.delay, a scheduler (fifo, fair, capacity, spark) or all",
            "未知的概念 {0}；应为概念 id（如 fair.delay）、调度器名（fifo、fair、capacity、spark）或 all",
        ),
        (set_no_concept, "the set names no concept", "练习没有指定任何概念"),
        (set_bad_difficulty, "difficulty {0} is not easy, medium or hard", "难度 {0} 不是 easy、medium 或 hard"),
        (set_bad_seed, "seed {0} is not a number from 0 to {1}", "种子 {0} 不是 0 到 {1} 之间的数"),
        (set_bad_count, "question count {0} is not a number from 1 to {1}", "题目数 {0} 不是 1 到 {1} 之间的数"),
        (set_bad_field, "unexpected field {0} in the practice link", "练习链接中有多余的字段 {0}"),
        // result codes (`practice::result::CodeError`)
        (result_code_bad_character, "{0} cannot appear in a result code", "结果码中不能出现 {0}"),
        (result_code_too_short, "the result code is too short", "结果码太短"),
        (
            result_code_checksum,
            "the result code's checksum does not match: check it for a typo",
            "结果码校验失败：请检查是否有输入错误",
        ),
        (result_code_unknown_version, "result code version {0} is not known to this build", "此版本无法识别第 {0} 版结果码"),
        (
            result_code_malformed,
            "the result code does not describe a set and its answers",
            "结果码无法解析为一组练习及其答案",
        ),
    ]
}
