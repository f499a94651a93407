//! The jobs tab: every job with its progress; selecting one highlights where its input
//! blocks live on the grid.

use crate::i18n::k;
use crate::ui::kit::Dispatch;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::t;
use crate::page::Action;
use crate::sim::view::JobView;
use crate::ui::stage::grid::job_class;

pub fn table(jobs: &[JobView], selected: Option<u32>, lang: Lang, dispatch: &Dispatch) -> Html {
    let mut jobs: Vec<&JobView> = jobs.iter().collect();
    crate::sort::sort_by_key(&mut jobs, |j| j.job);
    html! {
        <table class="jobs" data-testid="jobs-table" data-point="panel:jobs">
            <thead><tr>
                <th>{t(lang, k::job)}</th><th>{t(lang, k::state)}</th><th>{t(lang, k::priority)}</th>
                <th class="num">{"maps"}</th><th class="num">{"reduces"}</th><th class="num">{t(lang, k::running)}</th>
                <th class="num">{t(lang, k::input_hosts)}</th>
            </tr></thead>
            <tbody>
            { for jobs.iter().map(|j| {
                let d = dispatch.clone();
                let id = j.job;
                let on = selected == Some(id);
                html! {
                    <tr class={classes!(on.then_some("on"))} key={id.to_string()} data-point={format!("job:J{id}")}>
                        <td><button class="linklike" aria-pressed={on.to_string()} onclick={Callback::from(move |_| d.dispatch(Action::SelectJob(Some(id))))}>
                            <span class={classes!("swatch-dot", job_class(id))}></span><b>{format!("J{id}")}</b>{format!(" {}", j.name)}</button></td>
                        <td>{j.state}</td><td>{j.priority}</td>
                        <td class="num">{format!("{}/{}", j.maps_done, j.maps_total)}</td>
                        <td class="num">{format!("{}/{}", j.reduces_done, j.reduces_total)}</td>
                        <td class="num">{j.running}</td>
                        <td class="num">{j.input_hosts.len()}</td>
                    </tr>
                }
            }) }
            </tbody>
        </table>
    }
}
