import type { Meta, StoryObj } from "@storybook/react-vite";
import { ElicitationDialog } from "../src/dialog/ElicitationDialog";
import * as seeds from "../test/fixtures/seedRequests";
import { dialogMetaDefaults } from "./dialogMeta";

/** The worked examples from the specification and articles, exactly as servers send them. */
const meta = {
  title: "Examples/Seed documents",
  ...dialogMetaDefaults,
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const GitHubUsername: Story = { args: { serverName: "GitHub", request: seeds.githubUsernameTitled } };
export const GitHubUsernameDraftSpec: Story = { args: { serverName: "GitHub", request: seeds.githubUsername } };
export const ContactInformation: Story = { args: { request: seeds.contactInfo } };
export const DevelopmentConfiguration: Story = { args: { serverName: "Dev Tools", request: seeds.developmentConfiguration } };
export const ProjectSetupWizard: Story = { args: { serverName: "Project Scaffolder", request: seeds.projectSetupWizard } };
export const UserPreferences: Story = { args: { request: seeds.userPreferences } };
export const BankTransfer: Story = { args: { serverName: "Bank Assistant", request: seeds.bankTransfer } };
export const ShippingStage1TrackingNumber: Story = { args: { serverName: "Parcel Service", request: seeds.shippingTrackingNumber } };
export const ShippingStage2NewAddress: Story = { args: { serverName: "Parcel Service", request: seeds.shippingNewAddress } };
export const ShippingStage3Confirmation: Story = { args: { serverName: "Parcel Service", request: seeds.shippingConfirm } };
export const CloudDatabaseDeployment: Story = { args: { serverName: "Cloud Console", request: seeds.cloudDatabase } };
