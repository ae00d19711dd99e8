export default function MobileApp() {
  return <main>ERP 系统</main>;
}
