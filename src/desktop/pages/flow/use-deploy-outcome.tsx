import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeployResult } from '../../../client/api/flow.ts';

/**
 * What the deployer is told after a deployment: 部署成功, or, when steps of the model would find nobody (candidate
 * groups no role of a tenant holds), a dialog listing them that stays until he has read it.
 */
export function useDeployOutcome(): (result: DeployResult | null | undefined) => void {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return (result) => {
    const warnings = result?.warnings ?? [];
    if (!warnings.length) {
      void message.success(t('flow.deploy.success'));
      return;
    }
    modal.warning({
      title: t('flow.deploy.warningTitle'),
      width: 560,
      okText: t('common.ok'),
      content: (
        <div className="tenon-flow-deploy-warnings">
          <p>{t('flow.deploy.warningHint')}</p>
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ),
    });
  };
}
